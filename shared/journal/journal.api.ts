import { z } from 'zod';
import { defineApi } from '../api/contract';
import { EMOTIONS, ENTRY_LIMITS, FREE_KINDS, GRADES, OUTLOOKS } from './entries';
import { EXIT_REASONS, JOURNAL_ACCOUNTS } from './trades';

/**
 * The journal's routes (issue 18, "API"): journal trades made by the server from the order events, the learner's
 * entries, the statistics and the CSV export. Every input bounded; another learner's ids answer 404.
 */
const Ulid = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a journal id');
/** A trade's id is its opening order's: a paper order's ulid, or an Alpaca order's UUID (issue 21). */
const TradeId = z.string().regex(/^(?:[0-9A-HJKMNP-TV-Z]{26}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/, 'must be a journal trade id');
/** A real calendar day (a pattern alone let '2026-13-45' be saved as a free entry's date). */
const IsoDate = z.iso.date({ error: 'must be a date in the form YYYY-MM-DD' });
// Bounds before trimming, so the API document (maxLength) and the handler agree on what is accepted.
const line = (max: number = ENTRY_LIMITS.line) =>
  z
    .string()
    .max(max, `must be at most ${max.toLocaleString('en-US')} characters`)
    .transform((t) => t.trim());
const Tag = z
  .string()
  .max(ENTRY_LIMITS.tag, `must be at most ${ENTRY_LIMITS.tag} characters`)
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .refine((s) => s.length > 0, 'must not be empty');
const Tags = z
  .array(Tag)
  .max(ENTRY_LIMITS.tags, `at most ${ENTRY_LIMITS.tags} tags`)
  // One of each, whatever the case: the first spelling stays.
  .transform((tags) => tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i));
const Emotion = z.object({
  choice: z.enum(EMOTIONS, { error: `must be one of ${EMOTIONS.join(', ')}` }).nullable(),
  text: line(200),
});

/** What the learner writes; every field optional but bounded. A trade's entry names the trade; a free entry its kind. */
export const EntryInput = z
  .object({
    tradeId: TradeId.nullable().default(null),
    kind: z.enum(['trade', ...FREE_KINDS], { error: `must be trade, ${FREE_KINDS.join(', ')}` }).default('note'),
    date: IsoDate.optional(),
    title: line(120).default(''),
    thesis: line().default(''),
    outlook: z
      .enum(OUTLOOKS, { error: `must be one of ${OUTLOOKS.join(', ')}` })
      .nullable()
      .default(null),
    plannedExit: z
      .object({
        profitTargetPct: z.number().int('must be a whole percentage').min(1, 'must be at least 1').max(100, 'must be at most 100').nullable(),
        stop: line(200),
        time: line(200),
      })
      .default({ profitTargetPct: null, stop: '', time: '' }),
    confidence: z.number().int('must be a whole number').min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5').nullable().default(null),
    emotionBefore: Emotion.default({ choice: null, text: '' }),
    emotionAfter: Emotion.default({ choice: null, text: '' }),
    setupTags: Tags.default([]),
    mistakeTags: Tags.default([]),
    lesson: line().default(''),
    grade: z.enum(GRADES, { error: 'must be A, B, C, D or F' }).nullable().default(null),
    body: z
      .string()
      .max(ENTRY_LIMITS.body, `must be at most ${ENTRY_LIMITS.body.toLocaleString('en-US')} characters`)
      .default(''),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.tradeId && e.kind !== 'trade') ctx.addIssue({ code: 'custom', path: ['kind'], message: "must be 'trade' for an entry on a trade" });
    if (!e.tradeId && e.kind === 'trade') ctx.addIssue({ code: 'custom', path: ['tradeId'], message: 'must name the trade of a trade entry' });
  });
export type EntryInput = z.infer<typeof EntryInput>;

export const JournalEntry = z.object({
  id: z.string(),
  tradeId: z.string().nullable(),
  kind: z.enum(['trade', ...FREE_KINDS]),
  date: z.string(),
  title: z.string(),
  thesis: z.string(),
  outlook: z.enum(OUTLOOKS).nullable(),
  plannedExit: z.object({ profitTargetPct: z.number().nullable(), stop: z.string(), time: z.string() }),
  confidence: z.number().nullable(),
  emotionBefore: z.object({ choice: z.enum(EMOTIONS).nullable(), text: z.string() }),
  emotionAfter: z.object({ choice: z.enum(EMOTIONS).nullable(), text: z.string() }),
  setupTags: z.array(z.string()),
  mistakeTags: z.array(z.string()),
  lesson: z.string(),
  grade: z.enum(GRADES).nullable(),
  body: z.string(),
  /** True once the entry earned its XP (a real reflection; once per trade, or per kind and day). */
  xpAwarded: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Added by the learner's agent token of this name (the Agent API); such an entry earns no XP. */
  agent: z.string().optional(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

const LegClose = z.object({
  at: z.string(),
  quantity: z.number(),
  price: z.number(),
  commission: z.number(),
  pnl: z.number(),
  reason: z.enum(EXIT_REASONS),
});
export const JournalTradeSchema = z.object({
  id: z.string(),
  account: z.enum(JOURNAL_ACCOUNTS),
  run: z.number(),
  strategy: z.string(),
  strategySource: z.enum(['builder', 'recognised']),
  fillNote: z.string().optional(),
  /** Opened by the learner's agent token of this name ("placed by agent 'NAME'"); absent for the learner's own. */
  agent: z.string().optional(),
  underlying: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  legs: z.array(
    z.object({
      contract: z.string(),
      underlying: z.string(),
      optionType: z.enum(['call', 'put']),
      strike: z.number(),
      expiration: z.string(),
      side: z.enum(['buy', 'sell']),
      quantity: z.number(),
      openPrice: z.number(),
      openCommission: z.number(),
      iv: z.number().nullable(),
      open: z.number(),
      closes: z.array(LegClose),
    }),
  ),
  entry: z.object({
    netPremium: z.number(),
    commissions: z.number(),
    underlyingPrice: z.number().nullable(),
    iv: z.number().nullable(),
    greeks: z.object({ delta: z.number(), gamma: z.number(), theta: z.number(), vega: z.number() }).nullable(),
    maxProfit: z.number().nullable(),
    maxLoss: z.number().nullable(),
    breakevens: z.array(z.number()),
    pop: z.number().nullable(),
    dte: z.number(),
    lots: z.number(),
  }),
  realizedPnl: z.number(),
  exitReason: z.enum(EXIT_REASONS).nullable(),
  marks: z.array(z.object({ date: z.string(), pnl: z.number() })),
  mfe: z.number().nullable(),
  mae: z.number().nullable(),
  entryId: z.string().nullable(),
  setupTags: z.array(z.string()),
  mistakeTags: z.array(z.string()),
});

/** A trade in a list: a closed trade's ledger row, or an open trade's summary. */
export const TradeSummary = z.object({
  id: z.string(),
  account: z.enum(JOURNAL_ACCOUNTS),
  status: z.enum(['open', 'closed']),
  strategy: z.string(),
  underlying: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  date: z.string().nullable(),
  pnl: z.number(),
  risk: z.number().nullable(),
  maxProfit: z.number().nullable(),
  exitReason: z.enum(EXIT_REASONS).nullable(),
  setupTags: z.array(z.string()),
  mistakeTags: z.array(z.string()),
  reflected: z.boolean(),
  legs: z.number(),
  /** Opened by the learner's agent token of this name ("placed by agent 'NAME'"); absent for the learner's own. */
  agent: z.string().optional(),
});

export const StatsQuery = z
  .object({
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    strategy: z
      .string()
      .max(60)
      .transform((t) => t.trim())
      .refine((t) => t.length > 0, 'must not be empty')
      .optional(),
    underlying: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9.]{0,9}$/, 'must be a ticker such as SPY')
      .transform((s) => s.toUpperCase())
      .optional(),
    tag: Tag.optional(),
    mistake: Tag.optional(),
    account: z.enum(JOURNAL_ACCOUNTS, { error: "must be 'paper', 'alpaca-paper' or 'alpaca-live'" }).default('paper'),
  })
  .strict();

const Stats = z.object({
  trades: z.number(),
  wins: z.number(),
  losses: z.number(),
  scratches: z.number(),
  netPnl: z.number(),
  grossProfit: z.number(),
  grossLoss: z.number(),
  winRate: z.number().nullable(),
  averageWin: z.number().nullable(),
  averageLoss: z.number().nullable(),
  payoffRatio: z.number().nullable(),
  profitFactor: z.number().nullable(),
  expectancy: z.number().nullable(),
  breakEvenWinRate: z.number().nullable(),
  rTrades: z.number(),
  meanR: z.number().nullable(),
  maxDrawdown: z.number().nullable(),
  maxDrawdownPct: z.number().nullable(),
  maxProfitTrades: z.number(),
  maxProfitCaptured: z.number().nullable(),
  smallSample: z.boolean(),
  byStrategy: z.array(
    z.object({ strategy: z.string(), trades: z.number(), wins: z.number(), losses: z.number(), netPnl: z.number(), winRate: z.number().nullable() }),
  ),
  mistakes: z.array(z.object({ tag: z.string(), trades: z.number(), cost: z.number() })),
  calendar: z.array(z.object({ date: z.string(), realizedPnl: z.number(), trades: z.number() })),
  equity: z.array(z.object({ n: z.number(), date: z.string(), equity: z.number(), drawdown: z.number() })),
  startingEquity: z.number(),
});
export type JournalStatsResponse = z.infer<typeof Stats>;

export const journalApi = defineApi({
  'GET /api/journal/trades': {
    auth: 'user',
    summary: 'Journal trades, newest first: open ones, or closed ones with the statistics filters; with how many await reflection',
    query: StatsQuery.extend({
      status: z.enum(['open', 'closed'], { error: "must be 'open' or 'closed'" }).default('closed'),
      date: IsoDate.optional(),
      limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').default(100),
    }).strict(),
    response: z.object({ trades: z.array(TradeSummary), total: z.number(), toReflect: z.number() }),
  },
  'GET /api/journal/trades/{id}': {
    auth: 'user',
    summary: 'A journal trade with its legs, entry analytics, daily marks and entry',
    params: z.object({ id: TradeId }),
    response: z.object({ trade: JournalTradeSchema, entry: JournalEntry.nullable() }),
    errors: [404],
  },
  'GET /api/journal/entries': {
    auth: 'user',
    summary: "The learner's journal entries, newest first (a page at a time)",
    query: z
      .object({
        kind: z.enum(['trade', ...FREE_KINDS]).optional(),
        cursor: z.string().max(200).optional(),
        limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(50),
      })
      .strict(),
    response: z.object({
      entries: z.array(JournalEntry),
      cursor: z.string().nullable(),
      count: z.number(),
      limit: z.number(),
      tags: z.object({ setup: z.array(z.string()), mistakes: z.array(z.string()) }),
    }),
  },
  'POST /api/journal/entries': {
    auth: 'user',
    summary: 'Add an entry (25 XP once per trade, or per kind and day, when it holds a real reflection)',
    body: EntryInput,
    response: z.object({ entry: JournalEntry, xpAwarded: z.number() }),
    status: 201,
    errors: [404, 409, 422],
  },
  'GET /api/journal/entries/{id}': {
    auth: 'user',
    summary: 'One journal entry',
    params: z.object({ id: Ulid }),
    response: z.object({ entry: JournalEntry }),
    errors: [404],
  },
  'PUT /api/journal/entries/{id}': {
    auth: 'user',
    summary: 'Replace an entry (it keeps its trade and kind); earns the XP the first time it becomes a real reflection',
    params: z.object({ id: Ulid }),
    body: EntryInput,
    response: z.object({ entry: JournalEntry, xpAwarded: z.number() }),
    errors: [404, 409],
  },
  'DELETE /api/journal/entries/{id}': {
    auth: 'user',
    summary: 'Delete an entry (the XP it earned stays earned and is not earned again)',
    params: z.object({ id: Ulid }),
    status: 204,
    errors: [404, 409],
  },
  'GET /api/journal/stats': {
    auth: 'user',
    summary: 'Statistics over closed trades, each figure null where undefined, with the filters of the trades list',
    query: StatsQuery,
    response: Stats,
  },
  'GET /api/journal/export.csv': {
    auth: 'user',
    summary: 'CSV export of the closed trades (kind=trades) or the entries (kind=entries)',
    query: z.object({ kind: z.enum(['trades', 'entries'], { error: "must be 'trades' or 'entries'" }).default('trades') }).strict(),
  },
});
