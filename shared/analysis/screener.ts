/**
 * The options screener (issue 22; filters after Barchart's options screener, OptionStrat's optimizer and
 * tastytrade's platform metrics): pure filter, preset, sort and page
 * logic over one snapshot of every tracked underlying's chains. Every figure is defined here once, and the page's
 * tooltips quote these definitions:
 *
 * - mid = (bid + ask) / 2; spread % = (ask − bid) / mid × 100;
 * - moneyness % (out of the money) = (K − S) / S × 100 for calls, (S − K) / S × 100 for puts (negative: in the money);
 * - extrinsic % = (mid − intrinsic) / mid × 100; volume/OI = volume / open interest; θ/day = θ × 100 (one contract);
 * - breakeven: long call K + ask, long put K − ask, short call K + bid, short put K − bid, covered call S − bid,
 *   bull put spread K_short − credit, bear call spread K_short + credit; breakeven % = the move the position needs in
 *   its favour, (BE − S) / S for bullish positions, (S − BE) / S for bearish ones (negative: a cushion);
 * - probability of profit at expiry: the risk-neutral lognormal chance of ending beyond the breakeven,
 *   P(S_T > X) = N(d₂), d₂ = (ln(S/X) + (r − q − σ²/2)T) / (σ√T), σ the (short) contract's IV, T = days / 365;
 * - covered call: static return = bid / S, if-called return = (bid + K − S) / S; cash-secured put: return = bid / (K −
 *   bid); credit spread: credit = short bid − long ask, return on risk = credit / (width − credit); annualised = return
 *   × 365 / days to expiry.
 */
import { normCdf } from '../pricing/normal-distribution';
import { DEFAULT_LIQUIDITY } from './screener.api';
import type {
  ContractFilters,
  Range,
  ScreenerPreset,
  ScreenerQuery,
  ScreenerResult,
  ScreenerRow,
  SortField,
  UnderlyingFilters,
  UnderlyingStats,
} from './screener.api';
import { constantMaturityIv, termStructure, type SurfaceContract } from './surface';
import { putCallRatios } from '../metrics/sentiment';

/** A chain's contract as the screener reads it (shared/market/chain.ts OptionContract has these fields). */
export interface ScreenerContract extends SurfaceContract {
  contract_ticker: string;
  bid: number | null;
  ask: number | null;
  last: number | null;
  volume: number | null;
  open_interest: number | null;
  theta: number | null;
}

export interface ChainSet {
  ticker: string;
  name: string;
  sector: string;
  price: number;
  asOf: string;
  source: 'live' | 'demo';
  /** Continuous dividend yield used for the probability of profit. */
  dividendYield: number;
  expiries: { expiration: string; days: number; contracts: readonly ScreenerContract[] }[];
}

export interface PresetDefinition {
  id: ScreenerPreset;
  label: string;
  description: string;
  contract: ContractFilters;
  sort: ScreenerQuery['sort'];
}

/** The presets: each sets the filters and sort it starts from; the learner can change any of them. */
export const SCREENER_PRESET_DEFINITIONS: readonly PresetDefinition[] = [
  {
    id: 'none',
    label: 'All contracts',
    description: 'Every contract that passes the liquidity filters, priced for a buyer at the ask.',
    contract: { types: ['call', 'put'], side: 'buy', dte: { min: 0, max: 60 }, ...DEFAULT_LIQUIDITY },
    sort: { field: 'volume', dir: 'desc' },
  },
  {
    id: 'covered-call',
    label: 'Covered-call income',
    description: 'Sell an out-of-the-money call against 100 shares you own: static and if-called return, annualised.',
    contract: {
      types: ['call'],
      side: 'sell',
      dte: { min: 14, max: 60 },
      moneynessPct: { min: 0, max: 10 },
      absDelta: { min: 0.15, max: 0.4 },
      ...DEFAULT_LIQUIDITY,
    },
    sort: { field: 'annualizedReturn', dir: 'desc' },
  },
  {
    id: 'cash-secured-put',
    label: 'Cash-secured-put income',
    description: 'Sell an out-of-the-money put with the cash to buy the shares set aside: return on that cash, annualised.',
    contract: {
      types: ['put'],
      side: 'sell',
      dte: { min: 14, max: 60 },
      moneynessPct: { min: 0, max: 10 },
      absDelta: { min: 0.15, max: 0.35 },
      ...DEFAULT_LIQUIDITY,
    },
    sort: { field: 'annualizedReturn', dir: 'desc' },
  },
  {
    id: 'credit-spread',
    label: 'Credit spreads',
    description: 'Sell an out-of-the-money option and buy the next one further out: credit, maximum loss and return on risk.',
    contract: { types: ['call', 'put'], side: 'sell', dte: { min: 14, max: 60 }, absDelta: { min: 0.15, max: 0.35 }, ...DEFAULT_LIQUIDITY },
    sort: { field: 'returnOnRisk', dir: 'desc' },
  },
  {
    id: 'cheap-long-call',
    label: 'Cheap long calls',
    description: "Calls whose IV is at or below the underlying's 30-day IV (and IV rank ≤ 30 once a year of history exists), 30 to 120 days out.",
    contract: { types: ['call'], side: 'buy', dte: { min: 30, max: 120 }, absDelta: { min: 0.3, max: 0.6 }, ...DEFAULT_LIQUIDITY },
    sort: { field: 'ivVsIv30', dir: 'asc' },
  },
];

export const presetDefinition = (id: ScreenerPreset): PresetDefinition => SCREENER_PRESET_DEFINITIONS.find((p) => p.id === id)!;

/**
 * Where the underlying-level figures come from (the port the daily summary plugs into): the fields a year of history
 * gives (IV rank and percentile, HV20, IV/HV, earnings) are null until it exists.
 */
export interface UnderlyingStatsSource {
  stats(sets: readonly ChainSet[]): Promise<UnderlyingStats[]>;
}

/**
 * Underlying figures from the chains alone: price, IV30 (ATM IV interpolated in total variance between the expiries
 * around 30 days) and the volume put/call ratio over every expiry; the history fields null ("building history").
 */
export function statsFromChains(set: ChainSet): UnderlyingStats {
  const term = termStructure(set.expiries, set.price);
  const pcr = putCallRatios(
    set.expiries.flatMap((e) =>
      e.contracts.map((c) => ({
        type: c.contract_type,
        volume: c.volume ?? 0,
        openInterest: c.open_interest ?? 0,
        price: c.bid !== null && c.ask !== null ? (c.bid + c.ask) / 2 : (c.last ?? 0),
      })),
    ),
  );
  return {
    ticker: set.ticker,
    name: set.name,
    sector: set.sector,
    price: set.price,
    asOf: set.asOf,
    iv30: constantMaturityIv(term, 30),
    ivRank: null,
    ivPercentile: null,
    hv20: null,
    ivHv: null,
    putCallRatio: pcr.volume,
    earningsDate: null,
    daysToEarnings: null,
    historyDays: 0,
  };
}

const inRange = (x: number | null, r: Range | undefined): boolean =>
  !r || (x !== null && (r.min === undefined || x >= r.min) && (r.max === undefined || x <= r.max));
const pct = (x: number | null) => (x === null ? null : x * 100);

/** The reason each underlying filter could not be applied, for the page (a null figure never passes a set filter). */
function underlyingNotes(f: UnderlyingFilters, stats: readonly UnderlyingStats[]): string[] {
  const notes: string[] = [];
  const missing = (label: string, pick: (s: UnderlyingStats) => number | null | string) => {
    if (stats.some((s) => pick(s) === null)) {
      const days = Math.max(0, ...stats.map((s) => s.historyDays));
      notes.push(`${label} needs the daily history (building history: ${days} / 252); underlyings without it are left out while this filter is set.`);
    }
  };
  if (f.ivRank) missing('IV rank', (s) => s.ivRank);
  if (f.ivPercentile) missing('IV percentile', (s) => s.ivPercentile);
  if (f.hv20Pct) missing('HV20', (s) => s.hv20);
  if (f.ivHv) missing('IV/HV', (s) => s.ivHv);
  if (f.earningsWithinDays !== undefined) missing('Earnings within N days', (s) => s.daysToEarnings);
  return notes;
}

export function underlyingPasses(s: UnderlyingStats, f: UnderlyingFilters): boolean {
  return (
    (!f.tickers || f.tickers.length === 0 || f.tickers.includes(s.ticker)) &&
    inRange(s.price, f.price) &&
    inRange(pct(s.iv30), f.iv30Pct) &&
    inRange(s.ivRank, f.ivRank) &&
    inRange(s.ivPercentile, f.ivPercentile) &&
    inRange(pct(s.hv20), f.hv20Pct) &&
    inRange(s.ivHv, f.ivHv) &&
    inRange(s.putCallRatio, f.putCallRatio) &&
    (f.earningsWithinDays === undefined || (s.daysToEarnings !== null && s.daysToEarnings >= 0 && s.daysToEarnings <= f.earningsWithinDays))
  );
}

/** P(S_T > X) under the risk-neutral lognormal: N(d₂), d₂ = (ln(S/X) + (r − q − σ²/2)T) / (σ√T). */
export function probabilityAbove(S: number, X: number, sigma: number, T: number, r: number, q: number): number {
  if (X <= 0) return 1;
  if (!(sigma > 0) || !(T > 0)) return S > X ? 1 : 0;
  const d2 = (Math.log(S / X) + (r - q - (sigma * sigma) / 2) * T) / (sigma * Math.sqrt(T));
  return normCdf(d2);
}

interface Ctx {
  set: ChainSet;
  days: number;
  expiration: string;
  r: number;
  iv30: number | null;
}

/** The contract figures every row shows. */
function contractFigures(c: ScreenerContract, S: number) {
  const mid = c.bid !== null && c.ask !== null ? (c.bid + c.ask) / 2 : null;
  const spreadPct = c.bid !== null && c.ask !== null && mid !== null && mid > 0 ? ((c.ask - c.bid) / mid) * 100 : null;
  const K = c.strike_price;
  const intrinsic = Math.max(0, c.contract_type === 'call' ? S - K : K - S);
  return {
    mid,
    spreadPct,
    volOi: c.volume !== null && c.open_interest !== null && c.open_interest > 0 ? c.volume / c.open_interest : null,
    thetaPerDay: c.theta === null ? null : c.theta * 100,
    extrinsicPct: mid !== null && mid > 0 ? (Math.max(0, mid - intrinsic) / mid) * 100 : null,
    moneynessPct: ((c.contract_type === 'call' ? K - S : S - K) / S) * 100,
  };
}

/** The liquidity and contract filters that do not depend on the side or the preset. */
function contractPasses(c: ScreenerContract, fig: ReturnType<typeof contractFigures>, f: ContractFilters, days: number): boolean {
  return (
    f.types.includes(c.contract_type) &&
    inRange(days, f.dte) &&
    (f.bidMin == null || (c.bid !== null && c.bid >= f.bidMin)) &&
    (f.spreadPctMax == null || (fig.spreadPct !== null && fig.spreadPct <= f.spreadPctMax)) &&
    (f.openInterestMin == null || (c.open_interest ?? 0) >= f.openInterestMin) &&
    (f.volumeMin === undefined || (c.volume ?? 0) >= f.volumeMin) &&
    (f.volOiMin === undefined || (fig.volOi !== null && fig.volOi >= f.volOiMin)) &&
    inRange(fig.moneynessPct, f.moneynessPct) &&
    inRange(c.delta === null ? null : Math.abs(c.delta), f.absDelta) &&
    inRange(pct(c.implied_volatility), f.ivPct) &&
    inRange(fig.thetaPerDay, f.thetaPerDay) &&
    inRange(fig.extrinsicPct, f.extrinsicPct)
  );
}

/** Liquidity alone, for a spread's bought leg. */
function liquid(c: ScreenerContract, fig: ReturnType<typeof contractFigures>, f: ContractFilters): boolean {
  return (
    (f.spreadPctMax == null || (fig.spreadPct !== null && fig.spreadPct <= f.spreadPctMax)) &&
    (f.openInterestMin == null || (c.open_interest ?? 0) >= f.openInterestMin) &&
    c.ask !== null
  );
}

const TEMPLATE_OF: Record<ScreenerRow['strategy'], string> = {
  'long-call': 'long-call',
  'long-put': 'long-put',
  'short-call': 'sell-call',
  'short-put': 'cash-secured-put',
  'covered-call': 'covered-call',
  'cash-secured-put': 'cash-secured-put',
  'bull-put-spread': 'bull-put-spread',
  'bear-call-spread': 'bear-call-spread',
};

/** A row with every field in one literal (one hidden class: building ten thousand of them stays quick), then filled in. */
function baseRow(ctx: Ctx, c: ScreenerContract, fig: ReturnType<typeof contractFigures>): ScreenerRow {
  return {
    id: c.contract_ticker,
    strategy: 'long-call',
    template: '',
    legs: [],
    underlying: ctx.set.ticker,
    price: ctx.set.price,
    expiration: ctx.expiration,
    dte: ctx.days,
    type: c.contract_type,
    strike: c.strike_price,
    contract: c.contract_ticker,
    bid: c.bid,
    ask: c.ask,
    mid: fig.mid,
    spreadPct: fig.spreadPct,
    volume: c.volume,
    openInterest: c.open_interest,
    volOi: fig.volOi,
    iv: c.implied_volatility,
    delta: c.delta,
    thetaPerDay: fig.thetaPerDay,
    extrinsicPct: fig.extrinsicPct,
    moneynessPct: fig.moneynessPct,
    breakeven: null,
    breakevenPct: null,
    pop: null,
    ivVsIv30: c.implied_volatility !== null && ctx.iv30 !== null && ctx.iv30 > 0 ? c.implied_volatility / ctx.iv30 : null,
    staticReturn: null,
    ifCalledReturn: null,
    annualizedReturn: null,
    credit: null,
    width: null,
    maxLoss: null,
    returnOnRisk: null,
  };
}

const leg = (action: 'buy' | 'sell', c: ScreenerContract, expiration: string, premium: number) => ({
  action,
  optionType: c.contract_type,
  strike: c.strike_price,
  expiration,
  contractTicker: c.contract_ticker,
  premium,
});

/** Sets the breakeven, its distance and the POP of a position that profits above (bullish) or below (bearish) it. */
function setOutcome(row: ScreenerRow, ctx: Ctx, be: number, bullish: boolean, sigma: number | null): void {
  const S = ctx.set.price;
  const T = ctx.days / 365;
  const above = sigma === null ? null : probabilityAbove(S, be, sigma, T, ctx.r, ctx.set.dividendYield);
  row.breakeven = be;
  row.breakevenPct = ((bullish ? be - S : S - be) / S) * 100;
  row.pop = above === null ? null : (bullish ? above : 1 - above) * 100;
}

function finish(row: ScreenerRow, strategy: ScreenerRow['strategy'], legs: ScreenerRow['legs'], id?: string): ScreenerRow {
  row.strategy = strategy;
  row.template = TEMPLATE_OF[strategy];
  row.legs = legs;
  if (id) row.id = id;
  return row;
}

/** The rows one expiry of one underlying gives under a preset and its filters. */
function expiryRows(ctx: Ctx, contracts: readonly ScreenerContract[], preset: ScreenerPreset, f: ContractFilters): ScreenerRow[] {
  const S = ctx.set.price;
  const out: ScreenerRow[] = [];
  const annual = (x: number) => (ctx.days > 0 ? (x * 365) / ctx.days : null);
  // For spreads: each type's contracts by strike, once an expiry.
  const byStrike = (type: 'call' | 'put') =>
    preset === 'credit-spread' ? contracts.filter((o) => o.contract_type === type).sort((a, b) => a.strike_price - b.strike_price) : [];
  const calls = byStrike('call');
  const puts = byStrike('put');
  for (const c of contracts) {
    const fig = contractFigures(c, S);
    if (!contractPasses(c, fig, f, ctx.days)) continue;
    const base = baseRow(ctx, c, fig);
    const K = c.strike_price;
    const iv = c.implied_volatility;
    if (preset === 'credit-spread') {
      if (c.bid === null || fig.moneynessPct <= 0) continue;
      const width = f.spreadWidth ?? S * 0.01;
      // The bought leg: the first listed strike at least `width` further out of the money.
      const further =
        c.contract_type === 'call' ? calls.find((o) => o.strike_price - K >= width - 1e-9) : puts.findLast((o) => K - o.strike_price >= width - 1e-9);
      if (!further || !liquid(further, contractFigures(further, S), f)) continue;
      const credit = c.bid - further.ask!;
      const w = Math.abs(K - further.strike_price);
      if (!(credit > 0) || credit >= w) continue;
      const bullish = c.contract_type === 'put';
      const strategy = bullish ? 'bull-put-spread' : 'bear-call-spread';
      const ror = credit / (w - credit);
      setOutcome(base, ctx, bullish ? K - credit : K + credit, bullish, iv);
      base.credit = credit;
      base.width = w;
      base.maxLoss = w - credit;
      base.returnOnRisk = ror;
      base.annualizedReturn = annual(ror);
      out.push(
        finish(
          base,
          strategy,
          [leg('sell', c, ctx.expiration, c.bid), leg('buy', further, ctx.expiration, further.ask!)],
          `${c.contract_ticker}~${further.contract_ticker}`,
        ),
      );
      continue;
    }
    const sell = f.side === 'sell';
    const premium = sell ? c.bid : c.ask;
    if (premium === null || !(premium > 0)) continue;
    const isCall = c.contract_type === 'call';
    if (preset === 'covered-call' && isCall && sell) {
      const staticReturn = premium / S;
      setOutcome(base, ctx, S - premium, true, iv);
      base.staticReturn = staticReturn;
      base.ifCalledReturn = (premium + K - S) / S;
      base.annualizedReturn = annual(staticReturn);
      out.push(finish(base, 'covered-call', [leg('sell', c, ctx.expiration, premium)]));
    } else if (preset === 'cash-secured-put' && !isCall && sell) {
      if (K - premium <= 0) continue;
      const staticReturn = premium / (K - premium);
      setOutcome(base, ctx, K - premium, true, iv);
      base.staticReturn = staticReturn;
      base.annualizedReturn = annual(staticReturn);
      out.push(finish(base, 'cash-secured-put', [leg('sell', c, ctx.expiration, premium)]));
    } else {
      if (preset === 'cheap-long-call' && (base.ivVsIv30 === null || base.ivVsIv30 > 1)) continue;
      const strategy = sell ? (isCall ? 'short-call' : 'short-put') : isCall ? 'long-call' : 'long-put';
      setOutcome(base, ctx, isCall ? K + premium : K - premium, isCall !== sell, iv);
      out.push(finish(base, strategy, [leg(sell ? 'sell' : 'buy', c, ctx.expiration, premium)]));
    }
  }
  return out.filter((r) => inRange(r.breakevenPct, f.breakevenPct) && (f.popPctMin === undefined || (r.pop !== null && r.pop >= f.popPctMin)));
}

/** Sorts rows by a field; nulls always last; ties by underlying, expiry, strike (a stable order for paging). */
export function sortRows(rows: ScreenerRow[], sort: { field: SortField; dir: 'asc' | 'desc' }): ScreenerRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  // Decorated once: each row's sort value read one time, not in every comparison.
  const keyed = rows.map((row) => ({ row, v: row[sort.field] as number | string | null }));
  keyed.sort((a, b) => {
    const x = a.v;
    const y = b.v;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const cmp = typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number);
      if (cmp !== 0) return sign * cmp;
    }
    const r = a.row;
    const q = b.row;
    return r.underlying < q.underlying
      ? -1
      : r.underlying > q.underlying
        ? 1
        : r.expiration < q.expiration
          ? -1
          : r.expiration > q.expiration
            ? 1
            : r.strike - q.strike || (r.id < q.id ? -1 : r.id > q.id ? 1 : 0);
  });
  for (let i = 0; i < keyed.length; i++) rows[i] = keyed[i]!.row;
  return rows;
}

/** Runs a screen over a snapshot: the underlying filters, then the preset and contract filters, sorted, one page. */
export function runScreen(sets: readonly ChainSet[], stats: readonly UnderlyingStats[], query: ScreenerQuery, riskFree: number): ScreenerResult {
  const byTicker = new Map(stats.map((s) => [s.ticker, s]));
  const preset = query.preset;
  const f = query.contract;
  const rows: ScreenerRow[] = [];
  for (const set of sets) {
    const s = byTicker.get(set.ticker);
    if (!s || !underlyingPasses(s, query.underlying)) continue;
    if (preset === 'cheap-long-call' && s.ivRank !== null && s.ivRank > 30) continue;
    for (const e of set.expiries) {
      if (!inRange(e.days, f.dte)) continue;
      rows.push(...expiryRows({ set, days: e.days, expiration: e.expiration, r: riskFree, iv30: s.iv30 }, e.contracts, preset, f));
    }
  }
  sortRows(rows, query.sort);
  const start = (query.page - 1) * query.pageSize;
  const asOf = sets.map((s) => s.asOf).sort()[0] ?? '';
  return {
    asOf,
    source: sets.some((s) => s.source === 'live') ? 'live' : 'demo',
    rates: { riskFree },
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.slice(start, start + query.pageSize),
    underlyings: stats.filter((s) => sets.some((x) => x.ticker === s.ticker)),
    notes: underlyingNotes(query.underlying, stats),
  };
}
