import { isTradingDay, nextTradingDay, previousTradingDay, tradingDayOnOrAfter } from '@shared/market/calendar';
import { addDays, newYorkInstant, nthWeekday, weekday, yearsBetween } from '@shared/market/dates';
import { occSymbol } from '@shared/market/occ';
import { seededRng } from '@shared/market/random';
import { currentSession } from '@shared/market/simulated-market';
import { RISK_FREE_RATE, underlyingProfile } from '@shared/market/underlyings';
import { americanPrice, greeks } from '@shared/pricing';

/**
 * A realistic market for the fake Polygon server (test/support/fake-polygon-server.ts), as of the latest session at an
 * instant, so the local stack can ingest "real provider" data today: American option prices from the pricing core on a
 * skewed surface (with each single stock's next earnings priced into the expiries after it), Polygon-style IV and Greeks
 * (theta per day, vega per vol point), a year and more of daily bars ending at the price, and Benzinga earnings dates.
 * Deterministic: a function of the session and the ticker. Nothing here is the simulated market's own path.
 */

export interface MarketProfile {
  price: number;
  atmVol: number;
  /** The earnings move's one-SD size; 0 for index funds (no earnings). */
  earningsMove: number;
}

export const MARKET_PROFILES: Record<string, MarketProfile> = {
  SPY: { price: 600, atmVol: 0.14, earningsMove: 0 },
  QQQ: { price: 520, atmVol: 0.19, earningsMove: 0 },
  AAPL: { price: 175, atmVol: 0.24, earningsMove: 0.045 },
  TSLA: { price: 250, atmVol: 0.5, earningsMove: 0.09 },
  NVDA: { price: 130, atmVol: 0.42, earningsMove: 0.08 },
  MSFT: { price: 420, atmVol: 0.22, earningsMove: 0.05 },
  AMZN: { price: 190, atmVol: 0.3, earningsMove: 0.065 },
  GOOGL: { price: 170, atmVol: 0.28, earningsMove: 0.06 },
};

/** Calendar days from the session to the next report of a single stock; past reports every 91 days before it. */
export const NEXT_REPORT_IN_DAYS = 20;
const WEEKLIES = 10;
const MONTHLIES = 6;
const CLOSE_HOUR = 16;

export interface MarketContract {
  ticker: string;
  underlying_ticker: string;
  expiration_date: string;
  strike_price: number;
  contract_type: 'call' | 'put';
  exercise_style: 'american';
  shares_per_contract: number;
  primary_exchange: string;
  cfi: string;
}

export interface EarningsRow {
  ticker: string;
  company_name: string;
  date: string;
  time: string;
  date_status: 'confirmed' | 'projected';
  fiscal_period: string;
  fiscal_year: number;
  importance: number;
}

export interface RealisticMarket {
  session: string;
  asOfNs: number;
  contracts(underlying: string): MarketContract[];
  snapshot(underlying: string): unknown[];
  /** Daily bars of an underlying, Polygon's shape (t = New York midnight in ms). */
  bars(underlying: string, from: string, to: string): { t: number; o: number; h: number; l: number; c: number; v: number; vw: number; n: number }[];
  earnings(underlying: string): EarningsRow[];
  price(underlying: string): number | undefined;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function expiriesAfter(session: string): string[] {
  const out = new Set<string>();
  let d = addDays(session, 1);
  while (weekday(d) !== 5) d = addDays(d, 1);
  for (let i = 0; i < WEEKLIES; i++) out.add(addDays(d, 7 * i));
  const [y, m] = session.split('-').map(Number) as [number, number];
  for (let i = 0; out.size < WEEKLIES + MONTHLIES && i < 24; i++) {
    const month = ((m - 1 + i) % 12) + 1;
    const year = y + Math.floor((m - 1 + i) / 12);
    const third = nthWeekday(year, month, 5, 3);
    if (third > addDays(session, 7 * WEEKLIES)) out.add(third);
  }
  return [...out].map((e) => (isTradingDay(e) ? e : previousTradingDay(e))).sort();
}

export function realisticMarket(now: Date, prices: Record<string, number> = {}): RealisticMarket {
  const { date: session, asOf } = currentSession(now);
  const asOfNs = asOf.getTime() * 1e6;
  const profile = (u: string): MarketProfile | undefined => {
    const p = MARKET_PROFILES[u];
    return p ? { ...p, price: prices[u] ?? p.price } : undefined;
  };

  /** Report dates (our sense: the close before the news) of a single stock, oldest first: five past and the next. */
  const reports = (u: string): string[] => {
    const p = profile(u);
    if (!p || p.earningsMove === 0) return [];
    const next = tradingDayOnOrAfter(addDays(session, NEXT_REPORT_IN_DAYS));
    return [5, 4, 3, 2, 1, 0].map((k) => (k === 0 ? next : tradingDayOnOrAfter(addDays(next, -91 * k))));
  };

  const contractMemo = new Map<string, MarketContract[]>();
  function contracts(u: string): MarketContract[] {
    const p = profile(u);
    if (!p) return [];
    const memo = contractMemo.get(u);
    if (memo) return memo;
    const step = p.price < 250 ? 2.5 : 5;
    const low = Math.ceil((p.price * 0.75) / step) * step;
    const out: MarketContract[] = [];
    for (const expiration of expiriesAfter(session)) {
      for (const type of ['call', 'put'] as const) {
        for (let k = low; k <= p.price * 1.25; k += step) {
          out.push({
            ticker: `O:${occSymbol(u, expiration, type, k)}`,
            underlying_ticker: u,
            expiration_date: expiration,
            strike_price: k,
            contract_type: type,
            exercise_style: 'american',
            shares_per_contract: 100,
            primary_exchange: 'BATO',
            cfi: type === 'call' ? 'OCASPS' : 'OPASPS',
          });
        }
      }
    }
    contractMemo.set(u, out);
    return out;
  }

  const snapshotMemo = new Map<string, unknown[]>();
  function snapshot(u: string): unknown[] {
    const p = profile(u);
    if (!p) return [];
    const memo = snapshotMemo.get(u);
    if (memo) return memo;
    const S = p.price;
    const q = underlyingProfile(u)?.dividendYield ?? 0;
    const r = RISK_FREE_RATE;
    const next = reports(u).at(-1);
    const eventSession = next ? nextTradingDay(next) : null;
    const E = p.earningsMove * p.earningsMove;
    const out = contracts(u).map((c) => {
      const T = yearsBetween(asOf, newYorkInstant(c.expiration_date, CLOSE_HOUR));
      const F = S * Math.exp((r - q) * T);
      const atm = p.atmVol * (1 + 0.1 * (Math.sqrt(T) - Math.sqrt(30 / 365)));
      const x = Math.max(-3, Math.min(3, Math.log(c.strike_price / F) / (atm * Math.sqrt(T))));
      let sigma = Math.max(0.05, atm * (1 - 0.12 * x + 0.03 * x * x));
      if (eventSession && c.expiration_date >= eventSession) sigma = Math.sqrt(sigma * sigma + E / T);
      const input = { type: c.contract_type, S, K: c.strike_price, T, r, q, sigma };
      const value = americanPrice(input);
      const g = greeks(input);
      const rng = seededRng(c.ticker, session, 'activity');
      const openInterest = Math.round(4000 * Math.exp((-x * x) / 2) * (0.5 + rng.uniform()) + 20);
      const volume = Math.round(openInterest * (0.05 + 0.4 * rng.uniform()));
      const half = Math.max(0.01, round2(0.015 * value));
      const mid = round2(value);
      const bid = Math.max(0, round2(mid - half));
      return {
        break_even_price: c.contract_type === 'call' ? c.strike_price + mid : c.strike_price - mid,
        day: { close: mid, high: round2(mid * 1.05), low: round2(mid * 0.95), open: mid, last_updated: asOfNs, volume, vwap: mid },
        details: {
          contract_type: c.contract_type,
          exercise_style: 'american',
          expiration_date: c.expiration_date,
          shares_per_contract: 100,
          strike_price: c.strike_price,
          ticker: c.ticker,
        },
        greeks: { delta: g.delta, gamma: g.gamma, theta: g.theta / 365, vega: g.vega / 100 },
        implied_volatility: Math.round(sigma * 1e5) / 1e5,
        last_quote: { ask: round2(mid + half), ask_size: 10, bid, bid_size: 10, last_updated: asOfNs, midpoint: mid, timeframe: 'DELAYED' },
        last_trade: { price: mid, sip_timestamp: asOfNs - 60e9, size: 1, timeframe: 'DELAYED' },
        open_interest: openInterest,
        underlying_asset: { last_updated: asOfNs, price: S, ticker: u, timeframe: 'DELAYED' },
      };
    });
    snapshotMemo.set(u, out);
    return out;
  }

  const closeMemo = new Map<string, Map<string, number>>();
  /** Closes from two years back to the session, the session's close the price; the reports' news jumps included. */
  function closes(u: string): Map<string, number> {
    const known = closeMemo.get(u);
    if (known) return known;
    const p = profile(u)!;
    const jumps = new Set(reports(u).map((d) => nextTradingDay(d)));
    const days: string[] = [];
    for (let d = session; days.length < 520; d = previousTradingDay(d)) days.push(d);
    const map = new Map<string, number>();
    let close = p.price;
    const daily = (0.85 * p.atmVol) / Math.sqrt(252);
    for (const d of days) {
      map.set(d, round2(close));
      const rng = seededRng(u, d, 'return');
      const jump = jumps.has(d) && d <= session ? p.earningsMove * Math.max(-2.5, Math.min(2.5, seededRng(u, d, 'news').normal())) : 0;
      close = close / Math.exp(daily * Math.max(-4, Math.min(4, rng.normal())) + jump);
    }
    closeMemo.set(u, map);
    return map;
  }

  function bars(u: string, from: string, to: string) {
    if (!profile(u)) return [];
    const all = closes(u);
    const out = [];
    for (let d = from; d <= to && d <= session; d = addDays(d, 1)) {
      const c = all.get(d);
      if (c === undefined) continue;
      const o = round2(all.get(previousTradingDay(d)) ?? c);
      const [y, m, day] = d.split('-').map(Number) as [number, number, number];
      const t = newYorkInstant(`${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`, 0).getTime();
      const v = Math.round(20_000_000 * (0.7 + 0.6 * seededRng(u, d, 'volume').uniform()));
      out.push({ t, o, h: round2(Math.max(o, c) * 1.006), l: round2(Math.min(o, c) * 0.994), c, v, vw: round2((o + c) / 2), n: Math.round(v / 100) });
    }
    return out;
  }

  function earnings(u: string): EarningsRow[] {
    const list = reports(u);
    return list.map((date, i) => {
      const quarter = ((Number(date.slice(5, 7)) + 8) % 12) / 3;
      return {
        ticker: u,
        company_name: underlyingProfile(u)?.name ?? u,
        date,
        // Benzinga's time of the announcement, New York: these companies report after the close.
        time: '16:05:00',
        date_status: i === list.length - 1 ? 'projected' : 'confirmed',
        fiscal_period: `Q${Math.floor(quarter) + 1}`,
        fiscal_year: Number(date.slice(0, 4)),
        importance: 5,
      };
    });
  }

  return { session, asOfNs, contracts, snapshot, bars, earnings, price: (u) => profile(u)?.price };
}
