import { constantMaturityIv, round5, T30, T90, type DailySummary, type TermPoint } from '../metrics/daily-summary';
import { realizedVolatility } from '../metrics/volatility';
import { inverseNormCdf } from '../pricing/normal-distribution';
import { tradingDaysEnding } from './calendar';
import { earningsBetween, nextEarnings, eventVarianceBetween } from './earnings';
import { addDays } from './dates';
import { newYorkInstant, yearsBetween } from './dates';
import { listedExpirations } from './expirations';
import { closePrice, dayPutDemand, daySkewLevel, dayVolLevel, underlyingBar, withEventVariance, type DrawKey } from './simulated-day';
import { seededRng } from './random';
import { RISK_FREE_RATE, underlyingProfile, type UnderlyingProfile } from './underlyings';
import { atmVol, surfaceVol } from './vol-surface';

/**
 * The simulated market's year of daily summaries (issue 22): each past session's row comes from the market's own
 * price path (closePrice, earnings jumps included) and its volatility surface at that day's level, with the event
 * variance of the reports ahead priced into the expiries after them — the same surface the chains are quoted from —
 * so no past chain is priced. IVs are read at the listed expiries of that session and interpolated to constant
 * maturity with the same function as a live chain's (metrics/daily-summary.ts constantMaturityIv).
 *
 * Put and call volume, open interest and premium follow the chain's own volume model in aggregate: its average
 * totals over three sessions (measured with the simulated provider, Sept-Nov 2026), moved each day by the same
 * day-level put demand the chain uses and a seeded activity level.
 */
const ACTIVITY: Record<
  string,
  { callVolume: number; putVolume: number; callOpenInterest: number; putOpenInterest: number; callPremium: number; putPremium: number }
> = {
  SPY: { callVolume: 1541041, putVolume: 1585577, callOpenInterest: 37140298, putOpenInterest: 37648373, callPremium: 3492621337, putPremium: 4860848060 },
  QQQ: { callVolume: 1023914, putVolume: 1039064, callOpenInterest: 24501857, putOpenInterest: 24892683, callPremium: 2632186532, putPremium: 3636048808 },
  AAPL: { callVolume: 33734, putVolume: 32359, callOpenInterest: 792203, putOpenInterest: 777053, callPremium: 46554651, putPremium: 53732552 },
  TSLA: { callVolume: 115967, putVolume: 114731, callOpenInterest: 2735041, putOpenInterest: 2717847, callPremium: 414392921, putPremium: 506551384 },
  NVDA: { callVolume: 124632, putVolume: 120304, callOpenInterest: 2946498, putOpenInterest: 2899220, callPremium: 221937341, putPremium: 276550253 },
  MSFT: { callVolume: 28928, putVolume: 31250, callOpenInterest: 741955, putOpenInterest: 735822, callPremium: 73822761, putPremium: 100956258 },
  AMZN: { callVolume: 28363, putVolume: 29572, callOpenInterest: 690290, putOpenInterest: 740952, callPremium: 42329584, putPremium: 59849962 },
  GOOGL: { callVolume: 35431, putVolume: 35856, callOpenInterest: 874309, putOpenInterest: 867117, callPremium: 44304919, putPremium: 55873540 },
};

const MIN_T = 2 / 365;

/** The strike of a given Black-Scholes delta on the surface (a few fixed-point steps: the IV depends on the strike). */
function strikeAtDelta(sigmaAt: (k: number) => number, F: number, T: number, q: number, delta: number): number {
  // Call: e^(−qT) N(d1) = δ; put: −e^(−qT) N(−d1) = δ. K = F·exp(−d1·σ√T + σ²T/2).
  const target = Math.min(0.999, Math.abs(delta) * Math.exp(q * T));
  const d1 = delta > 0 ? inverseNormCdf(target) : -inverseNormCdf(target);
  let k = F;
  for (let i = 0; i < 6; i++) {
    const s = sigmaAt(k);
    k = F * Math.exp(-d1 * s * Math.sqrt(T) + (s * s * T) / 2);
  }
  return k;
}

function termPoints(p: UnderlyingProfile, date: string, S: number) {
  const asOf = newYorkInstant(date, 16);
  const level = dayVolLevel(p.ticker, date);
  const skewLevel = daySkewLevel(p.ticker, date);
  const atm: TermPoint[] = [];
  const call: TermPoint[] = [];
  const put: TermPoint[] = [];
  const listed = listedExpirations(p.style, date)
    .filter((e) => e > date)
    .map((e) => ({ e, T: yearsBetween(asOf, newYorkInstant(e, 16)) }))
    .filter((x) => x.T >= MIN_T);
  // Only the expiries around 30 and 90 days enter constant maturity (each target's bracket, or the nearest one).
  const around = (target: number) => {
    const i = listed.findIndex((x) => x.T >= target);
    return i < 0 ? listed.slice(-1) : listed.slice(Math.max(0, i - 1), i + 1);
  };
  const near30 = new Set(around(T30).map((x) => x.e));
  const needed = [...new Map([...around(T30), ...around(T90)].map((x) => [x.e, x])).values()];
  for (const { e, T } of needed) {
    const E = eventVarianceBetween(p.ticker, date, e);
    const F = S * Math.exp((RISK_FREE_RATE - p.dividendYield) * T);
    const sigmaAt = (k: number) => withEventVariance(surfaceVol(p, k, F, T, level, skewLevel), E, T);
    atm.push({ T, iv: withEventVariance(atmVol(p, T, level), E, T) });
    if (!near30.has(e)) continue;
    call.push({ T, iv: sigmaAt(strikeAtDelta(sigmaAt, F, T, p.dividendYield, 0.25)) });
    put.push({ T, iv: sigmaAt(strikeAtDelta(sigmaAt, F, T, p.dividendYield, -0.25)) });
  }
  return { atm, call, put };
}

/** The simulated market's summary row of one past session (a trading day). */
export function simulatedSummary(ticker: string, date: string, key?: DrawKey): DailySummary {
  const p = underlyingProfile(ticker);
  if (!p) throw new Error(`${ticker} is not an underlying of the simulated market`);
  const bar = underlyingBar(p.ticker, date, key);
  const S = bar.close;
  const { atm, call, put } = termPoints(p, bar.date, S);
  const iv30 = constantMaturityIv(atm, T30);
  const closes = tradingDaysEnding(bar.date, 21).map((d) => closePrice(p.ticker, d, key));
  const a = ACTIVITY[p.ticker];
  const rng = seededRng(p.ticker, bar.date, 'activity');
  const activity = Math.exp(0.22 * rng.normal());
  const oi = Math.exp(0.04 * rng.normal());
  // Put open interest drifts apart from call open interest a little from day to day, as the chain's does with the price.
  const putOi = oi * Math.exp(0.025 * rng.normal());
  const putDemand = dayPutDemand(p.ticker, bar.date, key);
  const premiumScale = (S / p.referencePrice) * ((iv30 ?? p.atmVol) / p.atmVol) * activity;
  return {
    underlying: p.ticker,
    date: bar.date,
    source: 'demo',
    basis: 'model',
    close: S,
    volume: bar.volume,
    iv30: round5(iv30),
    iv90: round5(constantMaturityIv(atm, T90)),
    iv25dCall: round5(constantMaturityIv(call, T30)),
    iv25dPut: round5(constantMaturityIv(put, T30)),
    hv20: round5(realizedVolatility(closes, 20)),
    putVolume: a ? Math.round(a.putVolume * activity * putDemand) : null,
    callVolume: a ? Math.round(a.callVolume * activity) : null,
    putOpenInterest: a ? Math.round(a.putOpenInterest * putOi) : null,
    callOpenInterest: a ? Math.round(a.callOpenInterest * oi) : null,
    putPremium: a ? Math.round(a.putPremium * premiumScale * putDemand) : null,
    callPremium: a ? Math.round(a.callPremium * premiumScale) : null,
    nextEarnings: nextEarnings(p.ticker, bar.date)?.reportDate ?? null,
  };
}

/** The `days` sessions ending on `lastSession` (inclusive), oldest first. */
export function simulatedSummaries(ticker: string, lastSession: string, days: number, key?: DrawKey): DailySummary[] {
  return tradingDaysEnding(lastSession, days).map((d) => simulatedSummary(ticker, d, key));
}

/**
 * The simulated market's past reports before a session, newest first, with the close-to-close move on the news
 * (ln(close on the event session / close on the report date)) from its own price path: three years of them, beyond the
 * kept year of summaries, so the events page can average the last 12.
 */
export function simulatedPastReports(
  ticker: string,
  before: string,
  count: number,
  key?: DrawKey,
): { reportDate: string; eventSession: string; move: number }[] {
  return earningsBetween(ticker, addDays(before, -4 * 366), before)
    .filter((e) => e.eventSession <= before)
    .reverse()
    .slice(0, count)
    .map((e) => ({
      reportDate: e.reportDate,
      eventSession: e.eventSession,
      move: Math.log(closePrice(ticker, e.eventSession, key) / closePrice(ticker, e.reportDate, key)),
    }));
}
