import { fail, type Err } from '../result';
import { JOURNAL_TEXTS } from './entries';

/** The journal's failures, with the words a learner reads (docs/architecture.md, "Errors"). */
export const journalBusy = (): Err => fail('conflict', JOURNAL_TEXTS.busy);
export const journalFull = (): Err => fail('conflict', JOURNAL_TEXTS.limit);
export const noTrade = (id: string): Err => fail('not_found', JOURNAL_TEXTS.noTrade(id));
export const noEntry = (id: string): Err => fail('not_found', JOURNAL_TEXTS.noEntry(id));
export const tradeHasEntry = (): Err => fail('conflict', JOURNAL_TEXTS.tradeHasEntry);

/** A twin delivery of the event committed first (the consumer helper reports the event as a duplicate). */
export const CONSUMED = 'This event was consumed already.';
export const consumedAlready = (): Err => fail('conflict', CONSUMED);
