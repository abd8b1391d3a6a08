import { INDIAN_GREEKS_MESSAGES as M, type IndianGreeksInput } from '@shared/market/india/greeks-calculator';
import type { IndianChainView } from '@shared/market/india/india.api';
import { kolkataParts, nseDaysToExpiry, nseHolidaysKnown } from '@shared/market/india/nse-calendar';
import { RBI_REPO_RATE } from '@shared/market/india/repo-rate';
import type { OptionType } from '@shared/pricing';

/**
 * The calculator's two ways in (issue 38). "Choose an NSE contract": underlying, expiry, strike and call or put from the
 * Indian chain (GET /api/india/chain), whose spot, the contract's own IV, the repo rate, the dividend yield and the lot
 * size fill the inputs, with days to expiry counted from the chain's trading date as NSE counts them (calendar days, 0
 * on the expiry day). "Type my own inputs": every field a string, as inputs hold them, read into the pure
 * `indianGreeks` input. Switching from a contract to own inputs keeps the contract's values.
 */
export type CalculatorMode = 'contract' | 'own';

/** The learner's own inputs, as typed. */
export interface CalculatorForm {
  /** The NSE symbol the values came from (kept when a chosen contract is turned into own inputs), or ''. */
  underlying: string;
  type: OptionType;
  spot: string;
  strike: string;
  strikeStep: string;
  lotSize: string;
  /** 'date': an expiry date, days counted from today in India; 'days': days to expiry typed. */
  expiryMode: 'date' | 'days';
  expiry: string;
  days: string;
  /** Percent, as typed: "12.5" is 12.5%. */
  iv: string;
  repoRate: string;
  dividendYield: string;
}

export type FieldName = 'spot' | 'strike' | 'lotSize' | 'expiry' | 'days' | 'iv' | 'repoRate' | 'dividendYield';

/** The Indian calendar date now: the trade date own inputs count days to expiry from. */
export const kolkataToday = (now: Date): string => kolkataParts(now).date;

/** The nearest strike on a step (1,02,650 on a 50 step for 1,02,637.5); the typed strike when either is not a usable number. */
export function snapToStep(strike: number, step: number): number {
  if (!(strike > 0) || !(step > 0)) return strike;
  // Rounded to the step's own decimals, so a 2.5 step gives 172.5, never 172.49999999999997.
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number((Math.round(strike / step) * step).toFixed(decimals));
}

/** Whether a strike is on the step NSE lists strikes at. */
export const onStep = (strike: number, step: number): boolean => Math.abs(snapToStep(strike, step) - strike) < 1e-9;

/** A number as the inputs show it: at most 4 decimals, no trailing zeros. */
export const asText = (x: number) => String(Number(x.toFixed(4)));

/** Own inputs from nothing: empty but for the RBI repo rate, a call, no dividend, an expiry date to pick. */
export const blankForm = (): CalculatorForm => ({
  underlying: '',
  type: 'call',
  spot: '',
  strike: '',
  strikeStep: '',
  lotSize: '',
  expiryMode: 'date',
  expiry: '',
  days: '',
  iv: '',
  repoRate: asText(RBI_REPO_RATE.rate * 100),
  dividendYield: '0',
});

/** A number as typed: Indian or Western grouping commas, spaces and a rupee sign are allowed; empty is not a number. */
export function parseNumber(text: string): number {
  const cleaned = text.replace(/[₹,\s]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

/** The form read as the pure calculator's input: percentages as fractions, days or the expiry with the trade date. */
export function toInput(form: CalculatorForm, today: string): IndianGreeksInput {
  const percent = (text: string) => parseNumber(text) / 100;
  const base = {
    type: form.type,
    spot: parseNumber(form.spot),
    strike: parseNumber(form.strike),
    iv: percent(form.iv),
    repoRate: percent(form.repoRate),
    dividendYield: form.dividendYield.trim() === '' ? 0 : percent(form.dividendYield),
    lotSize: parseNumber(form.lotSize),
  };
  return form.expiryMode === 'days' ? { ...base, days: parseNumber(form.days) } : { ...base, expiry: form.expiry, today };
}

/**
 * What is wrong with each field, in the calculator's own words (the messages `indianGreeks` refuses with), so the page
 * can show each beside its field once the learner has touched it or asked for the price. Only the expiry field the
 * form uses is checked (the date or the days).
 */
export function fieldErrors(form: CalculatorForm, today: string): Partial<Record<FieldName, string>> {
  const input = toInput(form, today);
  const errors: Partial<Record<FieldName, string>> = {};
  const positive = (x: number) => Number.isFinite(x) && x > 0;
  const fraction = (x: number | undefined) => x !== undefined && Number.isFinite(x) && x >= 0 && x <= 1;
  if (!positive(input.spot)) errors.spot = M.spot;
  if (!positive(input.strike)) errors.strike = M.strike;
  if (!positive(input.iv) || input.iv > 5) errors.iv = M.iv;
  if (!Number.isInteger(input.lotSize) || input.lotSize < 1) errors.lotSize = M.lotSize;
  if (!fraction(input.repoRate)) errors.repoRate = M.repoRate;
  if (!fraction(input.dividendYield)) errors.dividendYield = M.dividendYield;
  if (form.expiryMode === 'days') {
    if (!(Number.isFinite(input.days) && input.days! >= 0)) errors.days = M.days;
  } else if (!/^\d{4}-\d{2}-\d{2}$/.test(form.expiry)) errors.expiry = 'Choose the expiry date.';
  else if (form.expiry < today) errors.expiry = M.expired;
  return errors;
}

/** The contract a learner chose from the chain: its figures, and the date they belong to. */
export interface ChosenContract {
  underlying: string;
  name: string;
  tradingsymbol: string;
  type: OptionType;
  expiry: string;
  expiryKind: 'weekly' | 'monthly';
  strike: number;
  spot: number;
  /** The contract's own implied volatility from the chain (a fraction), or null when the chain has none for it. */
  iv: number | null;
  lotSize: number;
  repoRate: number;
  dividendYield: number;
  /** The trading date the figures belong to (days to expiry are counted from it), and the instant they were taken. */
  session: string;
  asOf: string;
  daysToExpiry: number;
  /** The chain's mid premium per share, what the market (or the simulated market) priced it at. */
  mid: number;
}

/** The strike nearest the spot: the at-the-money one a learner starts from. */
export function atTheMoneyStrike(chain: IndianChainView): number | null {
  const strikes = chainStrikes(chain);
  if (strikes.length === 0) return null;
  return strikes.reduce((best, k) => (Math.abs(k - chain.spot) < Math.abs(best - chain.spot) ? k : best));
}

/** The chain's strikes, lowest first, each once. */
export const chainStrikes = (chain: IndianChainView): number[] => [...new Set(chain.quotes.map((q) => q.strike))].sort((a, b) => a - b);

/**
 * The contract at a strike and side of a chain (the at-the-money strike when none is asked for or the one asked for is
 * not listed), with days to expiry counted from the chain's trading date. Null when the chain lists no such contract.
 */
export function contractFromChain(chain: IndianChainView, strike: number | null, type: OptionType): ChosenContract | null {
  const strikes = chainStrikes(chain);
  const k = strike !== null && strikes.includes(strike) ? strike : atTheMoneyStrike(chain);
  const quote = chain.quotes.find((q) => q.strike === k && q.type === (type === 'call' ? 'CE' : 'PE'));
  if (!quote) return null;
  return {
    underlying: chain.underlying,
    name: chain.name,
    tradingsymbol: quote.tradingsymbol,
    type,
    expiry: quote.expiry,
    expiryKind: quote.expiryKind,
    strike: quote.strike,
    spot: chain.spot,
    iv: quote.iv,
    lotSize: quote.lotSize,
    repoRate: chain.repoRate,
    dividendYield: chain.dividendYield,
    session: chain.session,
    asOf: chain.asOf,
    daysToExpiry: nseDaysToExpiry(chain.session, quote.expiry),
    mid: quote.mid,
  };
}

/** A chosen contract as the pure calculator's input (null when the chain has no IV for it to price with). */
export function contractInput(c: ChosenContract): IndianGreeksInput | null {
  if (c.iv === null) return null;
  return {
    type: c.type,
    spot: c.spot,
    strike: c.strike,
    days: c.daysToExpiry,
    iv: c.iv,
    repoRate: c.repoRate,
    dividendYield: c.dividendYield,
    lotSize: c.lotSize,
  };
}

/**
 * A chosen contract's values as own inputs, so the learner can change one and see the effect: the days to expiry are
 * kept as days (counted from the chain's date), the strike step is the underlying's when known.
 */
export function formFromContract(c: ChosenContract, strikeStep?: number): CalculatorForm {
  return {
    underlying: c.underlying,
    type: c.type,
    spot: asText(c.spot),
    strike: asText(c.strike),
    strikeStep: strikeStep ? asText(strikeStep) : '',
    lotSize: String(c.lotSize),
    expiryMode: 'days',
    expiry: c.expiry,
    days: String(c.daysToExpiry),
    iv: c.iv === null ? '' : asText(c.iv * 100),
    repoRate: asText(c.repoRate * 100),
    dividendYield: asText(c.dividendYield * 100),
  };
}

/**
 * Whether an expiry falls in a year whose NSE holiday list the calendar does not have (then only weekends and the
 * fixed-date holidays close NSE, and a festival holiday that would move the expiry is not known).
 */
export const holidaysUnknownFor = (date: string): boolean => /^\d{4}-/.test(date) && !nseHolidaysKnown(Number(date.slice(0, 4)));
