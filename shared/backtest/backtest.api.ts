import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { isIsoDate } from '../market/dates';
import { EXPIRY_TYPES, type ExpiryType } from '../market/expirations';
import { ChainSchema } from '../market/market.api';
import type { AsOfChain } from './as-of';
import type { BacktestTrade, EquityPoint, NoTrade, TradeLeg, TradeMark } from './engine';
import type { BacktestMetrics } from './metrics';
import {
  BacktestRulesSchema,
  CostsSchema,
  EntryRuleSchema,
  ExitRuleSchema,
  FiltersSchema,
  SizeRuleSchema,
  StrategyRuleSchema,
  type BacktestRules,
} from './rules';
import type { GapFinding, IvSpikeFinding, MoveFinding, OtherFigures, OtherUnderlyingRun, TargetFigures, TeachThresholds } from './teaches';

/**
 * The strategy backtester's routes (issue 39, "Backtesting" and "API and speed"): the stored history a run can use,
 * running and saving a run (at most MAX_SAVED_RUNS a learner), the saved runs, and sharing one to the community feed.
 *
 * JSON has no Infinity: every figure the engine gives as ±Infinity (a trade's unlimited max profit or max loss) is
 * answered as null, and the schemas below say so where it can happen.
 */

/** The most runs a learner keeps; the next save is refused (409) until one is deleted, never dropped silently. */
export const MAX_SAVED_RUNS = 50;
/** At most this many other underlyings a run is compared with ("what this teaches"). */
export const MAX_COMPARE = 2;
export const RUN_NAME_MAX = 80;
/**
 * The community's bounds of a strategy post (POST_BOUNDS in shared/community/strategy-posts.ts), which a shared run is:
 * repeated here because this area sits below the community's (.dependency-cruiser.cjs LAYERS); a unit test holds them equal.
 */
export const SHARE_BOUNDS = { title: { min: 3, max: 120 }, thesis: { min: 10, max: 4000 }, tag: { min: 2, max: 24, count: 5 } } as const;

const Ticker = z
  .string()
  .regex(/^[A-Za-z.]{1,10}$/, 'must be a ticker such as SPY')
  .transform((s) => s.toUpperCase());
/** A saved run's id: a ulid. */
const RunId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'is not a valid run id');
const Ymd = z.string().meta({ description: 'A New York session, yyyy-mm-dd' });
/** A figure that is null when the engine's value is unbounded (±Infinity is not JSON) or undefined. */
const MaybeNum = z.number().nullable();

export const RunBody = z.object({
  clientRunId: z
    .string({ error: 'clientRunId is required' })
    .min(8, 'at least 8 characters')
    .max(64, 'at most 64 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only')
    .meta({
      description: 'Chosen by the client (a ulid is best) for this one run: sending it again answers the run saved the first time (200) without running again',
      examples: ['01JD0Y6Q7R8S9T0V1W2X3Y4Z5A'],
    }),
  name: z
    .string()
    .max(RUN_NAME_MAX * 2, `The name must be at most ${RUN_NAME_MAX} characters`)
    .transform((s) => s.trim())
    .pipe(z.string().max(RUN_NAME_MAX, `The name must be at most ${RUN_NAME_MAX} characters`))
    .optional()
    .meta({ description: `The run's name (at most ${RUN_NAME_MAX} characters); the underlying, strategy and range when left out or blank` }),
  rules: BacktestRulesSchema,
  compare: z.array(Ticker).max(MAX_COMPARE, `Compare with at most ${MAX_COMPARE} other underlyings`).optional().meta({
    description:
      "The other underlyings 'what this teaches' runs the same rules on (at most 2, each with stored history). Left out: two the server picks from the stored ones (SPY and QQQ, or the first stored ones other than the run's own). An empty list compares with none",
  }),
});

export const ShareRunBody = z.object({
  title: z
    .string({ error: 'The title is required' })
    .max(SHARE_BOUNDS.title.max * 2, `The title must be at most ${SHARE_BOUNDS.title.max} characters`)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(SHARE_BOUNDS.title.min, `The title must be at least ${SHARE_BOUNDS.title.min} characters`)
        .max(SHARE_BOUNDS.title.max, `The title must be at most ${SHARE_BOUNDS.title.max} characters`),
    ),
  thesis: z
    .string({ error: 'The thesis is required' })
    .max(SHARE_BOUNDS.thesis.max * 2, `The thesis must be at most ${SHARE_BOUNDS.thesis.max} characters`)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(SHARE_BOUNDS.thesis.min, `The thesis must be at least ${SHARE_BOUNDS.thesis.min} characters`)
        .max(SHARE_BOUNDS.thesis.max, `The thesis must be at most ${SHARE_BOUNDS.thesis.max} characters`),
    ),
  tags: z
    .array(z.string().max(SHARE_BOUNDS.tag.max + 8, `Each tag must be at most ${SHARE_BOUNDS.tag.max} characters`))
    .max(SHARE_BOUNDS.tag.count, `At most ${SHARE_BOUNDS.tag.count} tags`)
    .default([]),
});

// The answers.

/** The rules as the engine ran them, every default filled in (the body's schema without its transforms). */
export const SavedRulesSchema = z
  .object({
    underlying: z.string(),
    strategy: StrategyRuleSchema,
    entry: EntryRuleSchema,
    filters: FiltersSchema,
    exit: ExitRuleSchema,
    size: SizeRuleSchema,
    startingBalance: z.number(),
    costs: CostsSchema,
    from: Ymd,
    to: Ymd,
  })
  .meta({ description: 'The rules as the engine ran them, defaults filled in' });

const TradeLegSchema = z.object({
  action: z.enum(['buy', 'sell']),
  optionType: z.enum(['call', 'put']),
  strike: z.number(),
  quantity: z.number().meta({ description: 'Contracts per lot' }),
  entryPrice: z.number().meta({ description: 'Per share, the model value at the entry' }),
  exitPrice: z.number().meta({ description: 'Per share, the model value at the exit (intrinsic value at expiry)' }),
});
const TradeMarkSchema = z.object({ date: Ymd, close: z.number(), value: z.number(), pnl: z.number() });
const EXIT_REASONS = ['profit-target', 'stop-loss', 'days-before-expiry', 'expiry', 'end-of-range'] as const;
const SKIP_REASONS = ['max-open', 'no-iv', 'iv-rank', 'iv-rank-history', 'no-expiry', 'earnings', 'placement', 'size'] as const;

export const TradeSchema = z.object({
  entryDate: Ymd,
  exitDate: Ymd,
  expiration: Ymd,
  lots: z.number(),
  legs: z.array(TradeLegSchema),
  entryNet: z.number().meta({ description: 'Cash at the opening, before costs: positive a credit received, negative a debit paid' }),
  exitNet: z.number().meta({ description: 'Cash at the closing or settlement, before costs' }),
  grossPnl: z.number(),
  costs: z.number(),
  pnl: z.number().meta({ description: 'After costs' }),
  exitReason: z.enum(EXIT_REASONS),
  daysHeld: z.number(),
  sessionsHeld: z.number(),
  maxProfit: MaybeNum.meta({ description: "The position's max profit at expiry for its lots; null when unlimited (the engine's Infinity, not JSON)" }),
  maxLoss: MaybeNum.meta({ description: "The position's max loss at expiry for its lots (negative); null when unlimited (the engine's −Infinity, not JSON)" }),
  marks: z.array(TradeMarkSchema).meta({ description: 'Each session from the entry to the exit, at the model value' }),
});

const EquityPointSchema = z.object({ date: Ymd, close: z.number(), equity: z.number(), buyAndHold: z.number() });
const MetricsSchema = z.object({
  trades: z.number(),
  wins: z.number(),
  losses: z.number(),
  winRate: MaybeNum.meta({ description: 'Percent (0-100); null with no trade' }),
  averageWin: MaybeNum,
  averageLoss: MaybeNum,
  expectancy: MaybeNum,
  totalPnl: z.number(),
  maxDrawdown: z.number(),
  maxDrawdownPct: z.number(),
  returnOnRisk: MaybeNum.meta({ description: 'Percent: total P&L over the sum of the trades’ max loss; null with no trade or when a loss was unlimited' }),
  pnlDistribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
});
const NoTradeSchema = z.object({
  reason: z.enum([...SKIP_REASONS, 'schedule']),
  field: z.string().meta({ description: 'The rule that filtered everything out, as its path in the rules (filters.ivRank)' }),
  message: z.string(),
});

export const ResultSchema = z
  .object({
    underlying: z.string(),
    from: Ymd,
    to: Ymd,
    startingBalance: z.number(),
    trades: z.array(TradeSchema),
    equity: z.array(EquityPointSchema).meta({ description: 'Each session: the run’s equity and buying and holding the underlying' }),
    metrics: MetricsSchema,
    skipped: z.partialRecord(z.enum(SKIP_REASONS), z.number()).meta({ description: 'Entry sessions skipped, by reason' }),
    noTrade: NoTradeSchema.nullable().meta({ description: 'When the run found no trade: the rule that filtered everything out' }),
    note: z.string().meta({ description: 'What modelled prices leave out' }),
  })
  .meta({ description: 'The engine’s result; ±Infinity (unlimited max profit or loss) answered as null' });

const TargetFiguresSchema = z.object({
  trades: z.number(),
  wins: z.number(),
  winRate: MaybeNum,
  averageWin: MaybeNum,
  averageLoss: MaybeNum,
  expectancy: MaybeNum,
});
const GapSchema = z.object({
  fromDate: Ymd,
  toDate: Ymd,
  fromClose: z.number(),
  toClose: z.number(),
  movePct: z.number(),
  strike: z.number(),
  optionType: z.enum(['call', 'put']),
});
const IvSpikeSchema = z.object({ fromDate: Ymd, toDate: Ymd, fromIv: z.number(), toIv: z.number(), points: z.number() });
const MoveSchema = z.object({ fromClose: z.number(), toClose: z.number(), movePct: z.number(), moveValue: z.number() });
const OtherFiguresSchema = z.object({ trades: z.number(), returnOnRisk: MaybeNum, winRate: MaybeNum, maxDrawdown: z.number() });
const OtherRunSchema = z.discriminatedUnion('ok', [
  z.object({ underlying: z.string(), ok: z.literal(true), figures: OtherFiguresSchema, sentence: z.string() }),
  z.object({
    underlying: z.string(),
    ok: z.literal(false),
    field: z.string().nullable(),
    reason: z.string().nullable(),
    message: z.string(),
    sentence: z.string(),
  }),
]);

export const TeachesSchema = z
  .object({
    thresholds: z.object({ gapPct: z.number(), ivSpikePoints: z.number() }),
    profitTarget: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('no-target'), sentence: z.string() }),
      z.object({
        kind: z.literal('compared'),
        targetPct: z.number(),
        withTarget: TargetFiguresSchema,
        withoutTarget: TargetFiguresSchema,
        sentences: z.object({ winRate: z.string(), averageWin: z.string(), averageLoss: z.string(), expectancy: z.string() }),
      }),
    ]),
    worstTrade: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('no-trade'), sentence: z.string() }),
      z.object({
        kind: z.literal('worst'),
        trade: TradeSchema,
        reason: z.enum(['gap', 'iv-spike', 'steady-move', 'time-and-volatility', 'no-loss']),
        gap: GapSchema.nullable(),
        ivSpike: IvSpikeSchema.nullable(),
        move: MoveSchema,
        sentence: z.string(),
      }),
    ]),
    otherUnderlyings: z.object({
      own: z.object({ underlying: z.string(), figures: OtherFiguresSchema }),
      runs: z.array(OtherRunSchema),
      sentence: z.string().nullable(),
    }),
  })
  .meta({ description: '"What this teaches", computed from the run; the worst trade’s unlimited max profit or loss answered as null' });

export const SavedRunSchema = z.object({
  id: z.string().meta({ description: 'The run’s ulid' }),
  name: z.string(),
  createdAt: z.string().meta({ description: 'ISO time the run was saved' }),
  dataAsOf: Ymd.meta({ description: 'The last session of the stored end-of-day history the run used' }),
  rules: SavedRulesSchema,
  compare: z.array(z.string()).meta({ description: 'The other underlyings the run was compared with' }),
  result: ResultSchema,
  teaches: TeachesSchema,
});

export const RunSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  underlying: z.string(),
  strategy: z.string().meta({ description: 'The strategy’s label: the template’s name, or the legs in words (Sell put + buy put)' }),
  from: Ymd,
  to: Ymd,
  trades: z.number(),
  winRate: MaybeNum,
  returnOnRisk: MaybeNum,
  maxDrawdown: z.number(),
  totalPnl: z.number(),
});

const HistoryUnderlyingSchema = z.object({
  symbol: z.string(),
  name: z.string().nullable().meta({ description: 'The underlying’s name when the product lists it' }),
  first: Ymd.meta({ description: 'The first stored session' }),
  last: Ymd.meta({ description: 'The last stored session' }),
  sessions: z.number().meta({ description: 'Stored sessions (daily summaries)' }),
  defaultRange: z.object({ from: Ymd, to: Ymd }).meta({ description: 'The last year of the stored history (all of it when shorter)' }),
});

export const HistorySchema = z.object({
  underlyings: z.array(HistoryUnderlyingSchema),
  source: z.object({
    kind: z.literal('end-of-day'),
    label: z.string().meta({ description: 'Says the data are end-of-day daily summaries, for the form' }),
    asOf: Ymd.nullable().meta({ description: 'The latest stored session across the underlyings; null when none is stored' }),
  }),
  templates: z
    .array(z.object({ id: z.string(), name: z.string(), category: z.enum(['bullish', 'bearish', 'neutral', 'volatility']) }))
    .meta({ description: 'The templates the engine can place: single-expiry, options-only' }),
  defaults: z.object({
    costs: z.object({ commissionPerContract: z.number(), spreadPerContract: z.number() }),
    startingBalance: z.number(),
    compare: z.array(z.string()).meta({ description: 'The underlyings a run is compared with when the body gives none (before removing the run’s own)' }),
  }),
  modelNote: z.string().meta({ description: 'What modelled prices leave out (MODEL_NOTE)' }),
  limit: z.number().meta({ description: 'The most saved runs a learner keeps' }),
});

/** The backtest a community strategy post carries when it was shared from a saved run: its rules and headline figures. */
export const BacktestPostPartSchema = z
  .object({
    runId: z.string(),
    rules: SavedRulesSchema,
    underlying: z.string(),
    from: Ymd,
    to: Ymd,
    trades: z.number(),
    winRate: MaybeNum.meta({ description: 'Percent; null with no trade' }),
    returnOnRisk: MaybeNum.meta({ description: 'Percent; null with no trade or when a loss was unlimited' }),
    maxDrawdown: z.number().meta({ description: 'Dollars' }),
    totalPnl: z.number(),
    ranAt: z.string().meta({ description: 'ISO time the run was made' }),
    dataAsOf: Ymd.meta({ description: 'The last session of the end-of-day history the run used' }),
  })
  .meta({ description: 'A shared backtest: its rules and headline figures (modelled from end-of-day data, not traded quotes)' });
export type BacktestPostPart = z.infer<typeof BacktestPostPartSchema>;

const RunParams = z.object({ id: RunId });

// The builder "as of" a past session.

const AsOfDate = z
  .string({ error: 'is required: a date in the form YYYY-MM-DD' })
  .max(10, 'must be a date in the form YYYY-MM-DD')
  .refine(isIsoDate, 'must be a date in the form YYYY-MM-DD')
  .meta({ format: 'date', examples: ['2026-03-16'] });
const AsOfParams = z.object({ underlying: Ticker });
const AsOfQuery = z.object({ date: AsOfDate.meta({ description: 'The stored session, yyyy-mm-dd' }) });
const AsOfChainQuery = AsOfQuery.extend({ expiry: AsOfDate.meta({ description: 'An expiry listed on that session, after it' }) });

export const AsOfDaySchema = z.object({
  underlying: z.string(),
  name: z.string().nullable().meta({ description: 'The underlying’s name when the product lists it' }),
  date: Ymd,
  close: z.number().meta({ description: 'The session’s close: the spot the day’s chains are priced at' }),
  surface: z
    .object({ iv30: z.number(), iv90: MaybeNum, iv25dCall: MaybeNum, iv25dPut: MaybeNum })
    .meta({ description: 'The session’s stored volatility figures (decimals) the model prices from' }),
  rates: z.object({ r: z.number(), q: z.number() }).meta({ description: 'The risk-free rate and dividend yield, continuous, as the backtest uses' }),
  exerciseStyle: z.enum(['american', 'european']),
  expirations: z
    .array(z.object({ date: Ymd, daysToExpiry: z.number(), type: z.enum(EXPIRY_TYPES as [ExpiryType, ...ExpiryType[]]) }))
    .meta({ description: 'The expiries listed that session, after it, soonest first' }),
  history: z.object({ first: Ymd, last: Ymd }).meta({ description: 'The stored sessions of the underlying' }),
  source: z.object({
    kind: z.literal('end-of-day'),
    summary: z.enum(['live', 'demo']).meta({ description: 'Where the session’s summary came from: a live provider or the simulated market' }),
    label: z.string().meta({ description: 'Says the prices are modelled from the end-of-day surface, not traded quotes' }),
  }),
  modelNote: z.string().meta({ description: 'What modelled prices leave out (MODEL_NOTE)' }),
});
export type AsOfDayJson = z.infer<typeof AsOfDaySchema>;

export const AsOfChainSchema = ChainSchema.extend({
  basis: z.literal('model').meta({ description: 'The prices are the model’s from the session’s end-of-day surface, not traded quotes' }),
  asOfDate: Ymd.meta({ description: 'The session the chain is priced as of' }),
}).meta({
  description:
    "The market's chain shape: each contract's mark the model value a share (to 1/10,000, as a backtest keeps its prices), IV and delta the model's; no bid, ask, volume or open interest. `source` is where the session's summary came from",
});

export const backtestApi = defineApi({
  'GET /api/backtest/history': {
    auth: 'user',
    summary:
      'What a backtest can run on: the underlyings with stored end-of-day daily summaries (first and last session, count, the last year as the default range), the templates the engine can place, the default costs and balance, and what modelled prices leave out',
    response: HistorySchema,
  },
  'POST /api/backtest/runs': {
    auth: 'user',
    summary: `Run a backtest with "what this teaches" and save it (at most ${MAX_SAVED_RUNS} a learner: 409 at the limit, delete one to save another). A retry with the same clientRunId answers the saved run (200) without running again. A rule that cannot run answers 400 with \`field\` (its path in the body, rules.from), \`reason\` (dates-outside-history, size-over-balance, template-cannot-be-placed, …) and the message; a run with no trade is saved with result.noTrade naming the rule that filtered everything out; a run too large to keep (hundreds of overlapping trades) answers 422`,
    body: RunBody,
    response: z.object({ run: SavedRunSchema }),
    status: 201,
    otherStatuses: [200],
    errors: [409, 422, 429],
  },
  'GET /api/backtest/runs': {
    auth: 'user',
    summary: `The learner's saved runs, newest first, as summaries (at most ${MAX_SAVED_RUNS})`,
    response: z.object({ runs: z.array(RunSummarySchema), count: z.number(), limit: z.number() }),
  },
  'GET /api/backtest/runs/{id}': {
    auth: 'user',
    summary: 'A saved run in full: its rules, result and "what this teaches"; another learner’s run or an unknown id answers 404',
    params: RunParams,
    response: z.object({ run: SavedRunSchema }),
    errors: [404],
  },
  'DELETE /api/backtest/runs/{id}': {
    auth: 'user',
    summary:
      'Delete a saved run (it frees a place under the limit). An id that is not one of the learner’s saved runs (unknown, another learner’s, or already deleted) answers 404, so a retry after a delete answers 404: the run is gone either way',
    params: RunParams,
    status: 204,
    errors: [404],
  },
  'POST /api/backtest/runs/{id}/share': {
    auth: 'user',
    summary:
      'Share a saved run to the community feed as a strategy post carrying its rules and headline figures; its legs are the first trade’s, relative to its entry, so "Open in builder" works (counts against the 10 posts a New York day). Sharing a run already shared answers its post (200) while the post is on the feed; a run with no trade has no legs to share (422)',
    params: RunParams,
    body: ShareRunBody,
    response: z.object({ postId: z.string() }),
    status: 201,
    otherStatuses: [200],
    errors: [404, 422, 429],
  },
  'GET /api/backtest/as-of/{underlying}': {
    auth: 'user',
    summary:
      'A stored session for the strategy builder "as of" that day: its close, the surface figures the model prices from (IV30, IV90, 25-delta call and put), the rates, the exercise style and the expiries listed that day. A date outside the stored history, one that is not a stored session or has no IV30, or an underlying with no stored history answers 400 with `field` and `reason`. Reads only',
    params: AsOfParams,
    query: AsOfQuery,
    response: AsOfDaySchema,
  },
  'GET /api/backtest/as-of/{underlying}/chain': {
    auth: 'user',
    summary:
      "One expiry's chain as of a stored session, in the market chain's shape, priced by the backtest's model from that day's end-of-day surface (a backtest trade's entry prices, to the 1/10,000). The day's refusals, and an expiry not listed that day or not after it, answer 400 with `field` and `reason`. Reads only",
    params: AsOfParams,
    query: AsOfChainQuery,
    response: AsOfChainSchema,
  },
});

/** The rules as answered are the engine's rules. */
type _Rules = Expect<Equal<z.infer<typeof SavedRulesSchema>, BacktestRules>>;
type _Body = Expect<Equal<z.infer<typeof RunBody>['rules'], BacktestRules>>;
type _Leg = Expect<Equal<z.infer<typeof TradeLegSchema>, TradeLeg>>;
type _Mark = Expect<Equal<z.infer<typeof TradeMarkSchema>, TradeMark>>;
type _Equity = Expect<Equal<z.infer<typeof EquityPointSchema>, EquityPoint>>;
type _Metrics = Expect<Equal<z.infer<typeof MetricsSchema>, BacktestMetrics>>;
type _NoTrade = Expect<Equal<z.infer<typeof NoTradeSchema>, NoTrade>>;
type _Target = Expect<Equal<z.infer<typeof TargetFiguresSchema>, TargetFigures>>;
type _Gap = Expect<Equal<z.infer<typeof GapSchema>, GapFinding>>;
type _Spike = Expect<Equal<z.infer<typeof IvSpikeSchema>, IvSpikeFinding>>;
type _Move = Expect<Equal<z.infer<typeof MoveSchema>, MoveFinding>>;
type _Other = Expect<Equal<z.infer<typeof OtherFiguresSchema>, OtherFigures>>;
type _Thresholds = Expect<Equal<z.infer<typeof TeachesSchema>['thresholds'], TeachThresholds>>;
/** A trade as answered is the engine's trade with its unbounded max profit and loss as null. */
type TradeJson = { [K in keyof BacktestTrade]: K extends 'maxProfit' | 'maxLoss' ? number | null : BacktestTrade[K] };
type _Trade = Expect<Equal<z.infer<typeof TradeSchema>, TradeJson>>;
type _AsOfChain = Expect<Equal<z.infer<typeof AsOfChainSchema>, AsOfChain>>;
type _OtherRun = Expect<Equal<z.infer<typeof OtherRunSchema>, OtherUnderlyingRun>>;

export type SavedRunJson = z.infer<typeof SavedRunSchema>;
export type RunSummary = z.infer<typeof RunSummarySchema>;
export type BacktestHistory = z.infer<typeof HistorySchema>;
