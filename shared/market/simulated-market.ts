import { americanChain, americanPrice, callPutBatch, chainGreeks, price as bsmPrice } from '../pricing';
import type { Clock } from '../ports/clock.port';
import type { ChainSnapshotResult, DailyBar, MarketDataProvider, ProviderContract, ProviderQuote } from './market-data.port';
import { isTradingDay, nextTradingDay, previousTradingDay } from './calendar';
import { daysBetween, newYorkInstant, newYorkParts, yearsBetween } from './dates';
import { classifyExpiry, listedExpirations } from './expirations';
import { occSymbol, parseOcc } from './occ';
import { seededRng } from './random';
import { strikeGrid } from './strikes';
import { exerciseStyle, RISK_FREE_RATE, underlyingProfile, type UnderlyingProfile } from './underlyings';
import { atmVol, surfaceVol } from './vol-surface';
import { earningsBetween, eventVarianceBetween } from './earnings';
import {
  closePrice,
  dayPutDemand,
  daySkewLevel,
  dayVolLevel,
  requireProfile,
  quoteOnTicks,
  round2,
  underlyingBar,
  withEventVariance,
  type DrawKey,
} from './simulated-day';
import { simulatedSummaries } from './simulated-history';

/**
 * The simulated market: a believable, deterministic market for learners without a data-provider key.
 * Every number is a pure function of (ticker, trading day, contract) and the deployment's secret draws of the price
 * path (simulated-day.ts DrawKey), seeded, so tests and screenshots
 * are stable. Quotes are end-of-day: a session's data is as of its 16:00 New York close.
 * - Underlyings follow a seeded geometric random walk through NYSE trading days from a reference close.
 * - Option quotes are priced with the pricing core from a volatility surface with skew, smile and term
 *   structure: American-style contracts (every US stock and ETF, underlyings.ts exerciseStyle) by the
 *   American engine, European-style ones by Black-Scholes-Merton. Bid and ask straddle the model value on
 *   the exchange's tick, wider away from the money and for far expiries; an American contract's ask and mid
 *   are never below its intrinsic value (issue 23). IV and Greeks are solved back from the quoted mid
 *   (chain.ts).
 * - Open interest and volume concentrate near the money, on round strikes and in standard monthlies.
 */

const CLOSE_HOUR = 16;

/** The latest completed session at an instant: today after the 16:00 close, else the trading day before. */
export function currentSession(now: Date): { date: string; asOf: Date } {
  const { date, minutes } = newYorkParts(now);
  const session = isTradingDay(date) && minutes >= CLOSE_HOUR * 60 ? date : previousTradingDay(date);
  return { date: session, asOf: newYorkInstant(session, CLOSE_HOUR) };
}

interface QuoteContext {
  profile: UnderlyingProfile;
  session: string;
  asOf: Date;
  S: number;
  /** The deployment's secret draws, if any (simulated-day.ts). */
  key: DrawKey | undefined;
}

/** The strikes listed for one expiry at a session. */
function seriesStrikes(ctx: QuoteContext, expiration: string): number[] {
  const T = yearsBetween(ctx.asOf, newYorkInstant(expiration, CLOSE_HOUR));
  if (T <= 0) return [];
  return strikeGrid(ctx.profile.style, ctx.S, daysBetween(ctx.session, expiration), atmVol(ctx.profile, T, dayVolLevel(ctx.profile.ticker, ctx.session)));
}

/** Quotes one expiry of an underlying at a session's close. */
function quoteExpiry(ctx: QuoteContext, expiration: string): ProviderQuote[] {
  const { profile: p, session, asOf, S } = ctx;
  const T = yearsBetween(asOf, newYorkInstant(expiration, CLOSE_HOUR));
  if (T <= 0) return [];
  const r = RISK_FREE_RATE;
  const q = p.dividendYield;
  const dte = daysBetween(session, expiration);
  const level = dayVolLevel(p.ticker, session);
  const skewLevel = daySkewLevel(p.ticker, session);
  const F = S * Math.exp((r - q) * T);
  const eventVariance = eventVarianceBetween(p.ticker, session, expiration);
  const putDemand = dayPutDemand(p.ticker, session, ctx.key);
  const strikes = seriesStrikes(ctx, expiration);
  const n = strikes.length * 2;
  const { isCall, K, sigma, T: Ts } = callPutBatch(strikes, T, (k) => withEventVariance(surfaceVol(p, k, F, T, level, skewLevel), eventVariance, T));
  const american = exerciseStyle(p.ticker) === 'american';
  const batch = { S, r, q, isCall, K, T: Ts, sigma };
  // The whole expiry at once: the American chain shares its exercise boundaries across strikes.
  const model = american ? americanChain(batch, undefined, { greeks: false }) : chainGreeks(batch);

  const kind = classifyExpiry(expiration, session);
  const seriesWeight = { '0DTE': 0.35, Daily: 0.3, Weekly: 0.55, Monthly: 1, Quarterly: 0.7, LEAPS: 0.45 }[kind];
  const step = strikes.length > 1 ? strikes[1]! - strikes[0]! : 1;
  const tick = (mid: number) => (p.style === 'index-etf' || mid < 3 ? 0.01 : 0.05);
  const quotes: ProviderQuote[] = [];
  // A last trade falls within the regular session of one of two days; each day's time-zone offset is looked up
  // once (it was most of the cost of a quote), which is exact because New York changes its clocks only at night.
  const opens = new Map<string, number>();
  const tradedAt = (day: string, minutesAfterOpen: number): string => {
    let open = opens.get(day);
    if (open === undefined) {
      open = newYorkInstant(day, 9, 30).getTime();
      opens.set(day, open);
    }
    return new Date(open + minutesAfterOpen * 60_000).toISOString();
  };

  for (let i = 0; i < n; i++) {
    const type = isCall[i] ? 'call' : 'put';
    const k = K[i]!;
    const mid = Math.max(0, model.price[i]!);
    const x = Math.log(k / F) / (atmVol(p, T, level) * Math.sqrt(Math.max(T, 1 / 365)));
    const rng = seededRng(p.ticker, expiration, k, type, session);

    const t = tick(mid);
    // Market makers quote time value, not intrinsic: the spread scales with the extrinsic part,
    // widening away from the money and with time to expiry.
    const intrinsic = Math.max(0, isCall[i] ? S - k : k - S);
    const extrinsic = Math.max(0, mid - intrinsic);
    const pct = (p.style === 'index-etf' ? 0.008 : 0.018) * (1 + 0.6 * Math.min(3.5, Math.abs(x)) + 0.8 * Math.sqrt(T));
    const halfSpread = Math.max(t / 2, extrinsic * pct + intrinsic * (p.style === 'index-etf' ? 0.0015 : 0.003));
    let { bid, ask } = quoteOnTicks(mid, halfSpread, t);
    // An American option bought below what exercising it pays is free money. The model value is at least the
    // intrinsic value and the ask at least the model value, so only rounding to the tick can pull the mid under it.
    if (american && (bid + ask) / 2 < intrinsic - 1e-9) ask = Math.ceil((2 * intrinsic - bid) / t - 1e-9) * t;
    bid = round2(bid);
    ask = round2(ask);

    const roundStrike =
      Math.abs(k / (step * 10) - Math.round(k / (step * 10))) < 1e-9 ? 1.6 : Math.abs(k / (step * 5) - Math.round(k / (step * 5))) < 1e-9 ? 1.25 : 1;
    const putBias = type === 'put' ? (x < 0 ? 1.25 : 0.7) : x > 0 ? 1.1 : 0.75;
    const concentration = Math.exp(-(x * x) / (2 * 1.1 * 1.1));
    const oi = Math.round(p.oiScale * seriesWeight * concentration * roundStrike * putBias * Math.exp(0.35 * rng.normal()) * Math.min(1, 0.25 + dte / 30));
    const turnover = (0.03 + 0.35 * Math.exp(-dte / 4)) * Math.exp(0.5 * rng.normal());
    const volume = concentration < 0.02 && rng.uniform() < 0.6 ? 0 : Math.round(oi * turnover * (0.4 + concentration) * (type === 'put' ? putDemand : 1));

    const tradedToday = volume > 0;
    const everTraded = tradedToday || oi > 0;
    // Trades print within the spread, and an American contract's never below its intrinsic value (nobody sells for less
    // than exercising pays), so its time value is never negative.
    const lowest = american ? Math.max(bid, Math.ceil(intrinsic / t - 1e-9) * t) : bid;
    const last = everTraded ? round2(Math.min(ask, Math.max(lowest, Math.round((mid + (rng.uniform() - 0.5) * (ask - bid) * 0.8) / t) * t))) : undefined;
    const tradeDay = tradedToday ? session : previousTradingDay(session);
    const minute = rng.int(0, 389);
    quotes.push({
      ticker: occSymbol(p.ticker, expiration, type, k),
      underlying: p.ticker,
      expiration,
      strike: k,
      type,
      bid,
      ask,
      last,
      volume,
      openInterest: oi,
      lastTradeAt: everTraded ? tradedAt(tradeDay, minute) : undefined,
    });
  }
  return quotes;
}

/** The model value of one contract at a session's close (for contract history). */
function contractCloseValue(p: UnderlyingProfile, contract: ProviderContract, session: string, key: DrawKey | undefined): number | null {
  const asOf = newYorkInstant(session, CLOSE_HOUR);
  const T = yearsBetween(asOf, newYorkInstant(contract.expiration, CLOSE_HOUR));
  const S = closePrice(p.ticker, session, key);
  if (T <= 0) return Math.max(0, contract.type === 'call' ? S - contract.strike : contract.strike - S);
  const level = dayVolLevel(p.ticker, session);
  const F = S * Math.exp((RISK_FREE_RATE - p.dividendYield) * T);
  const sigma = withEventVariance(
    surfaceVol(p, contract.strike, F, T, level, daySkewLevel(p.ticker, session)),
    eventVarianceBetween(p.ticker, session, contract.expiration),
    T,
  );
  const input = { type: contract.type, S, K: contract.strike, T, r: RISK_FREE_RATE, q: p.dividendYield, sigma };
  return exerciseStyle(p.ticker) === 'american' ? americanPrice(input) : bsmPrice(input);
}

export interface SimulatedProviderOptions {
  /**
   * The deployment's secret draws (simulated-day.ts DrawKey), read once when first needed; a deployment always gives
   * one, so its future closes cannot be computed from the source. Without it the market follows the published draws.
   */
  drawKey?: () => Promise<DrawKey | undefined>;
}

export function simulatedProvider(clock: Clock, options: SimulatedProviderOptions = {}): MarketDataProvider {
  const keyOf = async (): Promise<DrawKey | undefined> => (options.drawKey ? options.drawKey() : undefined);
  const context = async (underlying: string): Promise<QuoteContext> => {
    const profile = requireProfile(underlying);
    const key = await keyOf();
    const { date, asOf } = currentSession(clock.now());
    return { profile, session: date, asOf, S: closePrice(profile.ticker, date, key), key };
  };
  // Expiries after the session: the session's own expired at its close.
  const expirations = (ctx: QuoteContext) => listedExpirations(ctx.profile.style, ctx.session).filter((e) => e > ctx.session);

  return {
    name: 'simulated',
    source: 'demo',
    pacing: { betweenUnderlyingsMs: 0, betweenContractsMs: 0 },

    async listContracts(underlying, opts) {
      const ctx = await context(underlying);
      return expirations(ctx)
        .filter((e) => !opts?.expirationLte || e <= opts.expirationLte)
        .flatMap((expiration) =>
          seriesStrikes(ctx, expiration).flatMap((strike) =>
            (['call', 'put'] as const).map((type) => ({
              ticker: occSymbol(ctx.profile.ticker, expiration, type, strike),
              underlying: ctx.profile.ticker,
              expiration,
              strike,
              type,
            })),
          ),
        );
    },

    async chainSnapshot(underlying, opts) {
      const ctx = await context(underlying);
      const list = opts?.expiration ? expirations(ctx).filter((e) => e === opts.expiration) : expirations(ctx);
      return { underlyingPrice: ctx.S, asOf: ctx.asOf.toISOString(), quotes: list.flatMap((e) => quoteExpiry(ctx, e)) } satisfies ChainSnapshotResult;
    },

    async dailyBars(ticker, from, to) {
      const contract = parseOcc(ticker);
      const profile = requireProfile(contract ? contract.underlying : ticker);
      const key = await keyOf();
      const { date: session } = currentSession(clock.now());
      const bars: DailyBar[] = [];
      for (let d = isTradingDay(from) ? from : nextTradingDay(from); d <= to && d <= session; d = nextTradingDay(d)) {
        if (!contract) {
          bars.push(underlyingBar(profile.ticker, d, key));
          continue;
        }
        if (d > contract.expiration) break;
        const value = contractCloseValue(profile, { ...contract, ticker }, d, key);
        if (value === null) continue;
        const rng = seededRng(ticker, d, 'bar');
        const close = round2(value);
        const open = round2(close * Math.exp(0.05 * rng.normal()));
        const high = round2(Math.max(open, close) * (1 + 0.04 * Math.abs(rng.normal())));
        const low = round2(Math.min(open, close) * (1 - 0.04 * Math.abs(rng.normal())));
        bars.push({ date: d, open, high, low, close, volume: Math.round(profile.oiScale * 0.1 * Math.exp(rng.normal())) });
      }
      return bars;
    },

    async previousClose(ticker) {
      const profile = underlyingProfile(ticker);
      if (!profile) return null;
      return closePrice(profile.ticker, currentSession(clock.now()).date, await keyOf());
    },

    async summaryHistory(underlying, lastSession, days) {
      requireProfile(underlying);
      return simulatedSummaries(underlying, lastSession, days, await keyOf());
    },

    async earnings(underlying, from, to) {
      return earningsBetween(underlying, from, to);
    },
  };
}
