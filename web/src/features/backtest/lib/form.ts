import { BacktestRulesSchema, DEFAULT_COSTS, DEFAULT_STARTING_BALANCE } from '@shared/backtest';
import { MAX_BACKTEST_LEGS, type BacktestHistory, type HistoryUnderlying, type RunBody } from '@web/api/backtest';

/**
 * The backtest form (issue 39, "Backtesting"): its fields as the learner types them (text, so a half-typed number stays
 * on screen), the rules they make (the contract's RunBody), and where each error goes. A field is named by its path in
 * the rules ("entry.daysToExpiry", "strategy.legs.0.strike"), the same path the server's 400 names, so a server error
 * lands on the field it is about.
 */
export interface LegFields {
  side: 'buy' | 'sell';
  type: 'call' | 'put';
  quantity: string;
  /** Delta (0-1) or distance from the entry day's price in percent (−5 is 5% below). */
  by: 'delta' | 'distance';
  value: string;
}

export interface FormFields {
  name: string;
  underlying: string;
  strategyKind: 'template' | 'legs';
  template: string;
  legs: LegFields[];
  scheduleKind: 'every' | 'weekday';
  tradingDays: string;
  weekday: string;
  daysToExpiry: string;
  maxOpen: string;
  ivRankAbove: string;
  ivRankBelow: string;
  noEarnings: boolean;
  profitTargetPct: string;
  stopPct: string;
  stopOf: 'max-loss' | 'credit';
  daysBeforeExpiry: string;
  sizeKind: 'contracts' | 'risk';
  contracts: string;
  riskPct: string;
  startingBalance: string;
  from: string;
  to: string;
  commission: string;
  spread: string;
}

/** The template a first visit starts with: a short put (the engine's Cash-Secured Put), the learner's usual first idea. */
export const FIRST_TEMPLATE = 'cash-secured-put';
export const MAX_LEGS = MAX_BACKTEST_LEGS;

export const newLeg = (): LegFields => ({ side: 'sell', type: 'put', quantity: '1', by: 'delta', value: '0.3' });

/** The form's first state: the first stored underlying (SPY when stored) over its default range (the last year). */
export function initialFields(history: BacktestHistory, start: Partial<FormFields> = {}): FormFields {
  const wanted = start.underlying ? history.underlyings.find((u) => u.symbol === start.underlying) : undefined;
  const u = wanted ?? history.underlyings.find((x) => x.symbol === 'SPY') ?? history.underlyings[0];
  const template = history.templates.some((t) => t.id === FIRST_TEMPLATE) ? FIRST_TEMPLATE : (history.templates[0]?.id ?? '');
  return {
    name: '',
    strategyKind: 'template',
    template,
    legs: [newLeg()],
    scheduleKind: 'weekday',
    tradingDays: '5',
    weekday: '1',
    daysToExpiry: '30',
    maxOpen: '10',
    ivRankAbove: '',
    ivRankBelow: '',
    noEarnings: false,
    profitTargetPct: '50',
    stopPct: '',
    stopOf: 'max-loss',
    daysBeforeExpiry: '',
    sizeKind: 'contracts',
    contracts: '1',
    riskPct: '2',
    startingBalance: String(history.defaults.startingBalance || DEFAULT_STARTING_BALANCE),
    commission: String(history.defaults.costs.commissionPerContract ?? DEFAULT_COSTS.commissionPerContract),
    spread: String(history.defaults.costs.spreadPerContract ?? DEFAULT_COSTS.spreadPerContract),
    ...start,
    underlying: u?.symbol ?? start.underlying ?? '',
    from: start.from ?? u?.defaultRange.from ?? '',
    to: start.to ?? u?.defaultRange.to ?? '',
  };
}

/** A number typed in a field: undefined when blank, NaN when not a number. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

export type FieldErrors = Record<string, string>;

/** The rules and the errors the form can tell before asking the server (the contract's own schema, and the stored range). */
export function rulesOf(f: FormFields, history: BacktestHistory): { body: Omit<RunBody, 'clientRunId'> | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const need = (path: string, text: string, optional = false): number | undefined => {
    const n = numberOf(text);
    if (n === undefined) {
      if (!optional) errors[path] = 'Enter a number';
      return undefined;
    }
    if (Number.isNaN(n)) errors[path] = 'Enter a number';
    return n;
  };
  const strategy =
    f.strategyKind === 'template'
      ? { template: f.template }
      : {
          legs: f.legs.map((l, i) => {
            const value = need(`strategy.legs.${i}.strike`, l.value) ?? NaN;
            return {
              type: l.type,
              side: l.side,
              quantity: need(`strategy.legs.${i}.quantity`, l.quantity) ?? NaN,
              strike: l.by === 'delta' ? { by: 'delta' as const, delta: value } : { by: 'distance' as const, distance: value, unit: 'percent' as const },
            };
          }),
        };
  const above = need('filters.ivRank', f.ivRankAbove, true);
  const below = need('filters.ivRank', f.ivRankBelow, true);
  const target = need('exit.profitTargetPct', f.profitTargetPct, true);
  const stop = need('exit.stopLoss', f.stopPct, true);
  const before = need('exit.daysBeforeExpiry', f.daysBeforeExpiry, true);
  const rules = {
    underlying: f.underlying,
    strategy,
    entry: {
      schedule:
        f.scheduleKind === 'every'
          ? { kind: 'every' as const, tradingDays: need('entry.schedule', f.tradingDays) ?? NaN }
          : { kind: 'weekday' as const, weekday: Number(f.weekday) },
      daysToExpiry: need('entry.daysToExpiry', f.daysToExpiry) ?? NaN,
      maxOpen: need('entry.maxOpen', f.maxOpen) ?? NaN,
    },
    filters: {
      ...(above !== undefined || below !== undefined
        ? { ivRank: { ...(above !== undefined ? { above } : {}), ...(below !== undefined ? { below } : {}) } }
        : {}),
      ...(f.noEarnings ? { noEarningsBeforeExpiry: true } : {}),
    },
    exit: {
      ...(target !== undefined ? { profitTargetPct: target } : {}),
      ...(stop !== undefined ? { stopLoss: { pct: stop, of: f.stopOf } } : {}),
      ...(before !== undefined ? { daysBeforeExpiry: before } : {}),
    },
    size:
      f.sizeKind === 'contracts'
        ? { kind: 'contracts' as const, contracts: need('size.contracts', f.contracts) ?? NaN }
        : { kind: 'risk' as const, riskPct: need('size.riskPct', f.riskPct) ?? NaN },
    startingBalance: need('startingBalance', f.startingBalance) ?? NaN,
    costs: {
      commissionPerContract: need('costs.commissionPerContract', f.commission) ?? NaN,
      spreadPerContract: need('costs.spreadPerContract', f.spread) ?? NaN,
    },
    from: f.from,
    to: f.to,
  };
  const parsed = BacktestRulesSchema.safeParse(rules);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = fieldOf(issue.path.map(String).join('.'));
      if (!errors[path]) errors[path] = issue.message.startsWith('Invalid input: expected number') ? 'Enter a number' : issue.message;
    }
  }
  const stored = history.underlyings.find((u) => u.symbol === f.underlying);
  if (!stored) errors.underlying ??= 'Choose an underlying with stored history';
  else {
    if (f.from && f.from < stored.first) errors.from ??= `The history of ${stored.symbol} starts on ${stored.first}`;
    if (f.to && f.to > stored.last) errors.to ??= `The history of ${stored.symbol} ends on ${stored.last}`;
  }
  const name = f.name.trim();
  return Object.keys(errors).length ? { body: null, errors } : { body: { rules, ...(name ? { name } : {}) }, errors };
}

/**
 * The form field a rule's path belongs to: "rules.entry.schedule.tradingDays" and "body.rules.entry.schedule" are the
 * schedule's field, "strategy.legs.1.strike.delta" leg 2's strike.
 */
export function fieldOf(path: string): string {
  const p = path.replace(/^body\./, '').replace(/^rules\./, '');
  const leg = /^strategy\.legs\.(\d+)\.(strike|quantity)/.exec(p);
  if (leg) return `strategy.legs.${leg[1]}.${leg[2]}`;
  if (p.startsWith('strategy')) return 'strategy';
  if (p.startsWith('entry.schedule')) return 'entry.schedule';
  if (p.startsWith('filters.ivRank')) return 'filters.ivRank';
  if (p.startsWith('exit.stopLoss')) return 'exit.stopLoss';
  if (p.startsWith('underlying')) return 'underlying';
  return p;
}

/** Whether the form shows the field now, so a server error on any other path is shown above the button instead. */
export function knownField(path: string, f: FormFields): boolean {
  const fixed = [
    'underlying',
    'strategy',
    'entry.schedule',
    'entry.daysToExpiry',
    'entry.maxOpen',
    'filters.ivRank',
    'filters.noEarningsBeforeExpiry',
    'exit.profitTargetPct',
    'exit.stopLoss',
    'exit.daysBeforeExpiry',
    'size.contracts',
    'size.riskPct',
    'startingBalance',
    'costs.commissionPerContract',
    'costs.spreadPerContract',
    'from',
    'to',
    'name',
  ];
  // A field the form does not show now (the other size, the schedule's other kind) cannot carry its error.
  if (path === 'size.contracts') return f.sizeKind === 'contracts';
  if (path === 'size.riskPct') return f.sizeKind === 'risk';
  if (fixed.includes(path)) return true;
  const leg = /^strategy\.legs\.(\d+)\./.exec(path);
  return !!leg && Number(leg[1]) < f.legs.length;
}

/**
 * The field and message of a server's 400: `field` (the engine's rule that cannot run, as its path in the body) or the
 * schema's first issue (issues[0].path, "body.rules.from"); null when the answer names no field.
 */
export function serverFieldError(body: unknown, fallback: string): { field: string; message: string } | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { field?: unknown; error?: unknown; issues?: { path?: unknown; message?: unknown }[] };
  if (typeof b.field === 'string') return { field: fieldOf(b.field), message: typeof b.error === 'string' ? b.error : fallback };
  const issue = Array.isArray(b.issues) ? b.issues[0] : undefined;
  if (issue && typeof issue.path === 'string') return { field: fieldOf(issue.path), message: typeof issue.message === 'string' ? issue.message : fallback };
  return null;
}

/** The form as the page's address keeps a link's choice: ?underlying=SPY&template=iron-condor, or the builder's legs. */
export function startFromSearch(params: URLSearchParams, history: BacktestHistory): { start: Partial<FormFields>; note: string | null } {
  const start: Partial<FormFields> = {};
  const underlying = (params.get('underlying') ?? '').trim().toUpperCase();
  if (underlying && history.underlyings.some((u) => u.symbol === underlying)) start.underlying = underlying;
  const template = params.get('template');
  if (template && history.templates.some((t) => t.id === template)) {
    start.strategyKind = 'template';
    start.template = template;
  }
  const legs = legsFromBuilder(params.get('legs'), Number(params.get('price')));
  if (legs.length) {
    start.strategyKind = 'legs';
    start.legs = legs;
    return {
      start,
      note: 'The builder’s legs are set as distances from the price on the day you opened them; each entry places them the same distance from that day’s price.',
    };
  }
  if (params.get('legs'))
    return { start, note: 'The builder’s legs came without the price they were placed at, so they could not be set here: enter them below.' };
  return { start, note: null };
}

/**
 * The builder's legs (?legs=sell.put.580.2026-12-18.1, web/src/features/strategy/hooks/use-builder-params.ts) as the
 * engine's explicit legs: each strike as its distance from `price` in percent (to 0.1%), its quantity kept; the expiry
 * is the entry rule's (days to expiry), as the backtester puts every leg on one expiry.
 */
export function legsFromBuilder(raw: string | null, price: number): LegFields[] {
  if (!raw || !(price > 0)) return [];
  const out: LegFields[] = [];
  for (const part of raw.split(',').slice(0, MAX_LEGS)) {
    const m = /^(buy|sell)\.(call|put)\.(\d+(?:\.\d+)?)\.\d{4}-\d{2}-\d{2}(?:\.(\d{1,2}))?$/.exec(part.trim());
    if (!m) continue;
    const distance = Math.round((Number(m[3]) / price - 1) * 1000) / 10;
    out.push({ side: m[1] as 'buy' | 'sell', type: m[2] as 'call' | 'put', quantity: m[4] ?? '1', by: 'distance', value: String(distance) });
  }
  return out;
}

/**
 * A saved draft's legs (shared/drafts) as the engine's explicit legs, by their distance from `price` (the underlying's
 * latest close: a draft keeps no price of its own); the first MAX_LEGS legs, every one on the entry rule's one expiry.
 */
export function legsFromDraft(
  legs: readonly { action: 'buy' | 'sell'; optionType: 'call' | 'put'; strike: number; quantity: number }[],
  price: number,
): LegFields[] {
  if (!(price > 0)) return [];
  return legs.slice(0, MAX_LEGS).map((l) => ({
    side: l.action,
    type: l.optionType,
    quantity: String(Math.min(10, Math.max(1, Math.round(l.quantity)))),
    by: 'distance' as const,
    value: String(Math.round((l.strike / price - 1) * 1000) / 10),
  }));
}

export const storedOf = (history: BacktestHistory, symbol: string): HistoryUnderlying | undefined => history.underlyings.find((u) => u.symbol === symbol);
