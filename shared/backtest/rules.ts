import { z } from 'zod';
import { isIsoDate } from '../market/dates';

/**
 * A backtest's rules (issue 39, "Backtesting") as plain typed data, with the zod schema the later route validates
 * its body with. Every size is bounded: a rule set is small whatever a client sends.
 *
 * Units: percentages are 0-100 figures (50 = 50%); money in dollars; days are calendar days unless named trading
 * days; dates yyyy-mm-dd (New York sessions).
 */

// A calendar date as the API document states it (format: date), then checked as the market's own dates are.
const isoDate = z.iso.date({ error: 'Use a date as yyyy-mm-dd' }).refine(isIsoDate, 'Use a date as yyyy-mm-dd');

/** Where a leg's strike goes, on the day's listed strikes of its expiry (the builder's placement does the placing). */
export const StrikeRuleSchema = z.discriminatedUnion('by', [
  /** The strike whose |delta| is closest to `delta` (0.3 = a 30-delta option). */
  z.object({ by: z.literal('delta'), delta: z.number().gt(0).lt(1) }),
  /** The listed strike nearest the price moved by `distance` (percent of the price, or dollars): −5 % is 5% below. */
  z.object({ by: z.literal('distance'), distance: z.number().min(-90).max(500), unit: z.enum(['percent', 'dollars']) }),
  /** The listed strike nearest the price, then `steps` listed strikes up (+) or down (−): the builder's "ATM ± n". */
  z.object({ by: z.literal('steps'), steps: z.number().int().min(-50).max(50) }),
]);
export type StrikeRule = z.infer<typeof StrikeRuleSchema>;

/** One leg given explicitly, relative to the entry day's price; every leg goes on the one expiry the entry rule picks. */
export const ExplicitLegSchema = z.object({
  type: z.enum(['call', 'put']),
  side: z.enum(['buy', 'sell']),
  /** Contracts of this leg per lot (the ratio), 1-10. */
  quantity: z.number().int().min(1).max(10),
  strike: StrikeRuleSchema,
});
export type ExplicitLeg = z.infer<typeof ExplicitLegSchema>;

export const StrategyRuleSchema = z.union([
  /** A template of the builder's library (shared/strategy/templates), by id: single-expiry, options-only templates. */
  z.object({ template: z.string().min(1).max(60) }),
  z.object({ legs: z.array(ExplicitLegSchema).min(1).max(4) }),
]);
export type StrategyRule = z.infer<typeof StrategyRuleSchema>;

export const EntryRuleSchema = z.object({
  /** Every N sessions of the range counted from its first (N = 1 every session), or every week on a weekday (1 Monday … 5 Friday). */
  schedule: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('every'), tradingDays: z.number().int().min(1).max(63) }),
    z.object({ kind: z.literal('weekday'), weekday: z.number().int().min(1).max(5) }),
  ]),
  /** The target days to expiry at entry: the listed expiry nearest it is chosen (the earlier on a tie). */
  daysToExpiry: z.number().int().min(1).max(365),
  /** At most this many positions open at once; an entry day with that many open is skipped. */
  maxOpen: z.number().int().min(1).max(50).default(10),
});
export type EntryRule = z.infer<typeof EntryRuleSchema>;

export const FiltersSchema = z
  .object({
    /** Enter only when the day's IV rank (IV30 against the year before it) is above and/or below these values (0-100). */
    ivRank: z
      .object({ above: z.number().min(0).max(100).optional(), below: z.number().min(0).max(100).optional() })
      .refine((r) => r.above !== undefined || r.below !== undefined, 'Give a value above, below or both')
      .optional(),
    /** Skip a day when the summaries' next earnings date falls on or before the chosen expiry. */
    noEarningsBeforeExpiry: z.boolean().optional(),
  })
  .default({});
export type Filters = z.infer<typeof FiltersSchema>;

export const ExitRuleSchema = z
  .object({
    /** Close when the open P&L reaches this percent of the trade's max profit (of the debit paid when the profit is unlimited). */
    profitTargetPct: z.number().min(1).max(1000).optional(),
    /** Close when the open loss reaches this percent of the max loss, or of the credit received (the debit paid for a debit trade). */
    stopLoss: z.object({ pct: z.number().min(1).max(1000), of: z.enum(['max-loss', 'credit']) }).optional(),
    /** Close on the first session with this many calendar days or fewer left to expiry. */
    daysBeforeExpiry: z.number().int().min(1).max(180).optional(),
  })
  .default({});
export type ExitRule = z.infer<typeof ExitRuleSchema>;

export const SizeRuleSchema = z.discriminatedUnion('kind', [
  /** A fixed number of lots each trade. */
  z.object({ kind: z.literal('contracts'), contracts: z.number().int().min(1).max(100) }),
  /** As many lots as keep the trade's max loss within this percent of the starting balance. */
  z.object({ kind: z.literal('risk'), riskPct: z.number().gt(0).max(100) }),
]);
export type SizeRule = z.infer<typeof SizeRuleSchema>;

/**
 * What each fill costs, per contract, both shown to the learner and changeable. Defaults: $0.65 commission a contract
 * (a common US online broker's rate) and $2.00 of spread a contract (crossing a quote $0.04 wide from its mid: $0.02 a
 * share × 100), on the opening and on a closing trade; a contract that expires is settled without either.
 */
export const DEFAULT_COSTS = { commissionPerContract: 0.65, spreadPerContract: 2 } as const;
export const CostsSchema = z
  .object({
    commissionPerContract: z.number().min(0).max(50).default(DEFAULT_COSTS.commissionPerContract),
    spreadPerContract: z.number().min(0).max(100).default(DEFAULT_COSTS.spreadPerContract),
  })
  .default(DEFAULT_COSTS);
export type Costs = z.infer<typeof CostsSchema>;

export const DEFAULT_STARTING_BALANCE = 100_000;

export const BacktestRulesSchema = z
  .object({
    underlying: z
      .string()
      .trim()
      .min(1)
      .max(10)
      .regex(/^[A-Za-z.]+$/, 'Use a ticker')
      .transform((s) => s.toUpperCase()),
    strategy: StrategyRuleSchema,
    entry: EntryRuleSchema,
    filters: FiltersSchema,
    exit: ExitRuleSchema,
    size: SizeRuleSchema,
    startingBalance: z.number().min(1_000).max(10_000_000).default(DEFAULT_STARTING_BALANCE),
    costs: CostsSchema,
    from: isoDate,
    to: isoDate,
  })
  .refine((r) => r.from <= r.to, { message: 'The range must start on or before its end', path: ['to'] });

/** The rules as the engine reads them (defaults filled in). */
export type BacktestRules = z.output<typeof BacktestRulesSchema>;
/** The rules as a client may send them (defaults optional). */
export type BacktestRulesInput = z.input<typeof BacktestRulesSchema>;
