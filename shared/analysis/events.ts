import { eventImpliedMove } from '../metrics/volatility';

/**
 * The events page's analysis (issue 22): the earnings move the term structure implies, from
 * two expiries after the report (Sinclair's decomposition, "Volatility Trading") or one before and one after, beside the straddle's
 * implied move and the realized moves of past reports; the IV expected once the event has passed (the crush); and the
 * inputs of a long-straddle what-if through it. It refuses, with a reason, when no expiry brackets the event or the
 * term structure prices no event premium. Times are years to each expiry's close (ACT/365, as the chain's T).
 */
export interface ExpiryPoint {
  expiration: string;
  /** Years from the session's close to the expiry's close. */
  T: number;
  /** ATM IV at the forward (daily-summary.ts atmIvOfExpiry). */
  atmIv: number;
  /** The listed strike nearest the forward, and its call + put mid (the ATM straddle). */
  strike: number;
  straddle: number | null;
}

export interface PastMove {
  reportDate: string;
  eventSession: string;
  /** ln(close on the event session / close on the report date): the move on the news. */
  move: number;
}

export interface EventRefusal {
  code: 'no-earnings' | 'no-bracketing-expiry' | 'no-event-premium';
  message: string;
}

export interface EventImplied {
  method: 'two-post-event' | 'pre-and-post';
  front: ExpiryPoint;
  back: ExpiryPoint;
  /** σd, annualised. */
  diffusiveVol: number;
  /** E, not annualised. */
  eventVariance: number;
  /** √E: one-SD move on the news, a fraction of the price. */
  eventMove: number;
  /** √(2/π) × √E: the expected absolute move on the news. */
  meanAbsoluteMove: number;
  /** The first post-event expiry's ATM straddle / S: the market's expected absolute move to that expiry (event + diffusion). */
  straddleMove: number | null;
  /** The post-event expiry's IV once the news is out: σd (the crush from front.atmIv). */
  expectedIvAfter: number;
}

export interface EventAnalysis {
  next: { reportDate: string; eventSession: string; daysUntil: number } | null;
  implied: EventImplied | null;
  refusal: EventRefusal | null;
  past: PastMove[];
  /** Mean |move| of the last 4 and last 12 reports (null without that many). */
  avgAbsMove4: number | null;
  avgAbsMove12: number | null;
}

const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);
/** A pre-event expiry closer than this is not used: its IV rests on a day or two of time value. */
const MIN_PRE_T = 5 / 365;

export function analyseEvent(input: {
  underlying: string;
  S: number;
  session: string;
  next: { reportDate: string; eventSession: string } | null;
  expiries: readonly ExpiryPoint[];
  past: readonly PastMove[];
}): EventAnalysis {
  const past = [...input.past].sort((a, b) => b.reportDate.localeCompare(a.reportDate)).slice(0, 12);
  const avg = (n: number) => (past.length >= n ? past.slice(0, n).reduce((s, p) => s + Math.abs(p.move), 0) / n : null);
  const base = { past, avgAbsMove4: avg(4), avgAbsMove12: avg(12) };
  if (!input.next) {
    return {
      ...base,
      next: null,
      implied: null,
      refusal: {
        code: 'no-earnings',
        message: `${input.underlying} has no earnings report on the calendar: an index fund reports none, and a real provider may give no calendar.`,
      },
    };
  }
  const { reportDate, eventSession } = input.next;
  const next = { reportDate, eventSession, daysUntil: Math.round((Date.parse(reportDate) - Date.parse(input.session)) / 86_400_000) };
  const sorted = [...input.expiries].sort((a, b) => a.T - b.T);
  // An expiry carries the news when it expires at or after the close of the event session.
  const post = sorted.filter((e) => e.expiration >= eventSession);
  const pre = sorted.filter((e) => e.expiration < eventSession);
  let implied: EventImplied | null = null;
  let attempted = false;
  const straddleMove = post[0]?.straddle != null ? post[0].straddle / input.S : null;
  // The nearest bracket first: the last expiry before the report (at least MIN_PRE_T away, a day or two of IV is noise)
  // and the first after it, σd ≈ σ0 and E = (σ1² − σ0²) × T1 (Sinclair). Two expiries after the report read σd as the forward
  // volatility between them, which an upward-sloping term structure inflates (E then comes out too small), so they are
  // the method when no expiry before the report is usable — as with a weekly expiring just after it.
  const before = [...pre].reverse().find((e) => e.T >= MIN_PRE_T);
  if (before && post.length >= 1) {
    attempted = true;
    const after = post[0]!;
    const E = (after.atmIv * after.atmIv - before.atmIv * before.atmIv) * after.T;
    if (E > 0) {
      implied = {
        method: 'pre-and-post',
        front: after,
        back: before,
        diffusiveVol: before.atmIv,
        eventVariance: E,
        eventMove: Math.sqrt(E),
        meanAbsoluteMove: SQRT_2_OVER_PI * Math.sqrt(E),
        straddleMove,
        expectedIvAfter: before.atmIv,
      };
    }
  }
  if (!implied && post.length >= 2) {
    attempted = true;
    const [front, back] = post as [ExpiryPoint, ExpiryPoint];
    const e = eventImpliedMove({ frontIv: front.atmIv, frontT: front.T, backIv: back.atmIv, backT: back.T });
    if (e)
      implied = { method: 'two-post-event', front, back, ...e, meanAbsoluteMove: SQRT_2_OVER_PI * e.eventMove, straddleMove, expectedIvAfter: e.diffusiveVol };
  }
  if (implied) return { ...base, next, implied, refusal: null };
  if (!attempted) {
    return {
      ...base,
      next,
      implied: null,
      refusal: {
        code: 'no-bracketing-expiry',
        message: `No listed expiry brackets the report on ${reportDate}: the term structure needs two expiries after it, or one before and one after.`,
      },
    };
  }
  return {
    ...base,
    next,
    implied: null,
    refusal: {
      code: 'no-event-premium',
      message: `The term structure prices no event premium for the report on ${reportDate}: the expiry after it is not dearer in variance than the one around it, so no event move can be read.`,
    },
  };
}
