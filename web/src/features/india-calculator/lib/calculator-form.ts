import type { IndianGreeksInput } from '@shared/market/india/greeks-calculator';
import { kolkataParts, nseListedExpiries, type NseExpiry } from '@shared/market/india/nse-calendar';
import { nseContract, type NseContractSpec } from '@shared/market/india/nse-contracts';
import { RBI_REPO_RATE } from '@shared/market/india/repo-rate';
import type { OptionType } from '@shared/pricing';

/**
 * The calculator's form as the learner typed it (every field a string, as inputs hold them) and its reading into the
 * pure `indianGreeks` input. A chosen NSE underlying fills the lot size and strike step from the contract
 * specifications (nse-contracts.ts); an empty `underlying` means the learner types every input.
 */
export interface CalculatorForm {
  /** An NSE symbol from nse-contracts.ts, or '' for the learner's own inputs. */
  underlying: string;
  type: OptionType;
  spot: string;
  strike: string;
  strikeStep: string;
  lotSize: string;
  /** 'date': an expiry date (a listed NSE expiry when an underlying is chosen); 'days': days to expiry typed. */
  expiryMode: 'date' | 'days';
  expiry: string;
  days: string;
  /** Percent, as typed: "12.5" is 12.5%. */
  iv: string;
  repoRate: string;
  dividendYield: string;
}

/** The Indian calendar date now: the trade date days to expiry are counted from. */
export const kolkataToday = (now: Date): string => kolkataParts(now).date;

/** The expiries NSE lists for an underlying on a trade date (none for the learner's own inputs). */
export const listedExpiries = (underlying: string, today: string): NseExpiry[] => (underlying ? nseListedExpiries(underlying, today) : []);

/** The nearest strike on a step (1,02,650 on a 50 step for 1,02,637.5); the typed strike when either is not a usable number. */
export function snapToStep(strike: number, step: number): number {
  if (!(strike > 0) || !(step > 0)) return strike;
  // Rounded to the step's own decimals, so a 2.5 step gives 172.5, never 172.49999999999997.
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number((Math.round(strike / step) * step).toFixed(decimals));
}

/** Whether a strike is on the step NSE lists strikes at. */
export const onStep = (strike: number, step: number): boolean => Math.abs(snapToStep(strike, step) - strike) < 1e-9;

const asText = (x: number) => String(Number(x.toFixed(4)));

/** The form a learner starts with: empty but for the repo rate, a call, and an expiry date. */
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

/**
 * The form after choosing an NSE underlying: its lot size and strike step from the contract specifications, its first
 * listed expiry, and, so the figures show at once, example values the learner overwrites: the simulated NSE market's
 * reference level as the spot, the at-the-money strike on the step, and the simulated 30-day at-the-money volatility.
 * Choosing "own inputs" keeps what was typed.
 */
export function chooseUnderlying(form: CalculatorForm, symbol: string, today: string): CalculatorForm {
  const spec = symbol ? nseContract(symbol) : undefined;
  if (!spec) return { ...form, underlying: '' };
  const expiries = nseListedExpiries(spec.symbol, today);
  return {
    ...form,
    underlying: spec.symbol,
    lotSize: String(spec.lotSize),
    strikeStep: String(spec.strikeInterval),
    spot: String(spec.referencePrice),
    strike: String(snapToStep(spec.referencePrice, spec.strikeInterval)),
    iv: asText(spec.atmVol * 100),
    expiryMode: 'date',
    expiry: expiries[0]?.date ?? '',
  };
}

/** The contract specification behind the form, when an NSE underlying is chosen. */
export const chosenSpec = (form: CalculatorForm): NseContractSpec | undefined => (form.underlying ? nseContract(form.underlying) : undefined);

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
