import { fail, type Err } from '../result';
import { formatUsd } from '../format/money';
import { MAX_OPEN_ORDERS, STARTING_CAPITALS } from './types';

/** The paper account's failures, with the words a learner reads (docs/architecture.md, "Errors"). */
export const NO_ACCOUNT = 'Open your paper account first: choose a starting capital.';

export const noAccount = (): Err => fail('conflict', NO_ACCOUNT);
export const noAccountToRead = (): Err => fail('not_found', NO_ACCOUNT);
export const alreadyOpen = (): Err => fail('conflict', 'Your paper account is already open. Reset it to start again with new capital.');
export const badStartingCapital = (): Err => fail('bad_request', `Starting capital must be one of ${STARTING_CAPITALS.map((c) => formatUsd(c)).join(', ')}.`);
/** A change lost every race for the account's version: the learner may simply try again. */
export const accountChanged = (during: string): Err => fail('conflict', `Your account changed ${during}. Please try again.`);
export const noSuchOrder = (): Err => fail('not_found', 'No such order.');
export const orderNotOpen = (status?: string): Err =>
  fail('conflict', status ? `This order is ${status}; only open orders can be canceled.` : 'This order is no longer open.');
export const badQuantity = (max: number): Err => fail('bad_request', `Quantity must be a whole number from 1 to ${max}.`);
export const idReused = (): Err => fail('conflict', 'This order id was already used for a different order');
export const tooManyOpenOrders = (): Err =>
  fail('unprocessable', `You have ${MAX_OPEN_ORDERS} open orders, the most a paper account keeps at once. Cancel one before placing another.`);
