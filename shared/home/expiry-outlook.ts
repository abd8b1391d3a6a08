import { addDays, newYorkParts, weekday } from '../market/dates';
import { formatUsd } from '../format/money';
import { ITM_THRESHOLD } from '../paper/expiration';

/**
 * What the dashboard says about an open option position: whether it expires this trading week, and what happens at
 * its expiry if the learner does nothing. The rules are the paper account's settlement (shared/paper/expiration.ts):
 * out of the money by less than $0.01 it expires worthless; in the money a long call or put is exercised and a short
 * one assigned, 100 shares a contract at the strike (a long the cash account cannot pay for is closed at its intrinsic
 * value instead). The verdict uses today's end-of-day underlying price, so it can change before expiry.
 */
export interface OutlookPosition {
  kind: 'option' | 'stock';
  optionType: 'call' | 'put' | null;
  strike: number | null;
  expiration: string | null;
  quantity: number;
  underlying: string;
  underlyingPrice: number | null;
}

export interface ExpiryOutlook {
  expiresThisWeek: boolean;
  /** 'worthless' | 'exercised' | 'assigned' | 'unknown' (no underlying price). */
  outcome: 'worthless' | 'exercised' | 'assigned' | 'unknown';
  text: string;
}

/** The last day of the trading week that holds `today` (New York date): its Friday; on a weekend, the coming Friday. */
export function endOfTradingWeek(today: string): string {
  const dow = weekday(today); // 0 Sunday … 6 Saturday
  return addDays(today, dow === 6 ? 6 : 5 - dow);
}

/** Today's date in New York. */
export const newYorkToday = (now: Date): string => newYorkParts(now).date;

export function expiryOutlook(p: OutlookPosition, today: string): ExpiryOutlook | null {
  if (p.kind !== 'option' || !p.expiration || p.strike === null || !p.optionType) return null;
  const expiresThisWeek = p.expiration >= today && p.expiration <= endOfTradingWeek(today);
  const contracts = Math.abs(p.quantity);
  const shares = contracts * 100;
  const long = p.quantity > 0;
  if (p.underlyingPrice === null) {
    return { expiresThisWeek, outcome: 'unknown', text: 'No underlying price yet: the outcome at expiry is not known.' };
  }
  const intrinsic = p.optionType === 'call' ? p.underlyingPrice - p.strike : p.strike - p.underlyingPrice;
  const strike = formatUsd(p.strike);
  if (intrinsic < ITM_THRESHOLD) {
    return {
      expiresThisWeek,
      outcome: 'worthless',
      text: `Out of the money at today's price: it would expire worthless${long ? ' (the premium paid is lost)' : ' (you keep the premium)'}.`,
    };
  }
  const sharesText = `${shares.toLocaleString('en-US')} ${p.underlying} shares`;
  if (long) {
    return {
      expiresThisWeek,
      outcome: 'exercised',
      text:
        p.optionType === 'call'
          ? `In the money: it would be exercised, buying ${sharesText} at ${strike} (closed at its intrinsic value if cash is short).`
          : `In the money: it would be exercised, selling ${sharesText} at ${strike} (closed at its intrinsic value without the shares).`,
    };
  }
  return {
    expiresThisWeek,
    outcome: 'assigned',
    text:
      p.optionType === 'call'
        ? `In the money: it would be assigned, delivering ${sharesText} at ${strike}.`
        : `In the money: it would be assigned, buying ${sharesText} at ${strike}.`,
  };
}
