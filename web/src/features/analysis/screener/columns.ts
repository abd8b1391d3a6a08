import { formatMoney } from '@shared/format/money';
import { formatCount, formatNumber, formatPercent, orDash } from '@shared/format/number';
import { toCsv as csvDocument } from '@shared/text/csv';
import type { ScreenerPreset, SortField } from '@shared/analysis/screener.api';
import type { ScreenerRowView } from '@web/api/analysis-screener';

/**
 * The screener's columns: each with its formula and inputs for the tooltip (the definitions of
 * shared/analysis/screener.ts), how it prints, and the presets that show it.
 */
export interface Column {
  field: SortField;
  label: string;
  formula: string;
  inputs: string;
  format: (r: ScreenerRowView) => string;
  /** Shown only under these presets (all when absent). */
  presets?: readonly ScreenerPreset[];
}

const dash = '–';
const num = orDash((x: number, digits = 2) => formatNumber(x, { digits }), dash);
const pct = orDash((x: number, digits = 1) => `${formatNumber(x, { digits })}%`, dash);
const frac = orDash((x: number, digits = 2) => formatPercent(x, digits), dash);
const int = orDash(formatCount, dash);

export const COLUMNS: readonly Column[] = [
  {
    field: 'dte',
    label: 'DTE',
    formula: 'Calendar days from today to the expiry date.',
    inputs: 'expiry date, today (New York)',
    format: (r) => String(r.dte),
  },
  { field: 'bid', label: 'Bid', formula: 'The best bid in the snapshot: what a seller receives.', inputs: 'quote', format: (r) => num(r.bid) },
  { field: 'ask', label: 'Ask', formula: 'The best ask in the snapshot: what a buyer pays.', inputs: 'quote', format: (r) => num(r.ask) },
  {
    field: 'spreadPct',
    label: 'Spread %',
    formula: 'Spread % of mid = (ask − bid) / mid × 100, mid = (bid + ask) / 2. Above 10% you pay a lot to get in and out.',
    inputs: 'bid, ask',
    format: (r) => pct(r.spreadPct),
  },
  { field: 'volume', label: 'Vol', formula: 'Contracts traded in the session.', inputs: 'session volume', format: (r) => int(r.volume) },
  { field: 'openInterest', label: 'OI', formula: 'Contracts open at the start of the session.', inputs: 'open interest', format: (r) => int(r.openInterest) },
  {
    field: 'volOi',
    label: 'Vol/OI',
    formula: 'Volume / open interest. Above 1.25 with volume over 500 is what Barchart calls unusual activity.',
    inputs: 'volume, open interest',
    format: (r) => num(r.volOi),
  },
  {
    field: 'iv',
    label: 'IV',
    formula: "The contract's implied volatility: the σ that makes the model price equal the mid.",
    inputs: 'mid, S, K, T, r, q',
    format: (r) => frac(r.iv, 1),
  },
  {
    field: 'delta',
    label: 'Δ',
    formula: "Delta: the option's price change for a $1 move in the underlying; |Δ| is a rough chance of ending in the money.",
    inputs: 'S, K, T, r, q, IV',
    format: (r) => num(r.delta),
  },
  {
    field: 'thetaPerDay',
    label: 'θ/day',
    formula: 'θ/day = θ × 100: the dollars one contract loses (a holder) or earns (a writer) from one calendar day passing, all else equal.',
    inputs: 'S, K, T, r, q, IV',
    format: (r) => (r.thetaPerDay === null ? dash : formatMoney(r.thetaPerDay)),
  },
  {
    field: 'extrinsicPct',
    label: 'Extr. %',
    formula: 'Extrinsic % = (mid − intrinsic) / mid × 100, intrinsic = max(0, S − K) for a call, max(0, K − S) for a put.',
    inputs: 'bid, ask, S, K',
    format: (r) => pct(r.extrinsicPct),
  },
  {
    field: 'moneynessPct',
    label: 'OTM %',
    formula: 'Out-of-the-money distance = (K − S) / S × 100 for calls, (S − K) / S × 100 for puts; negative means in the money.',
    inputs: 'S, K',
    format: (r) => pct(r.moneynessPct),
  },
  {
    field: 'breakevenPct',
    label: 'BE move',
    formula:
      'The move the position needs in its favour to break even at expiry, % of the price: (BE − S) / S for bullish positions, (S − BE) / S for bearish ones; negative is a cushion. BE: long call K + ask, long put K − ask, short call K + bid, short put K − bid, covered call S − bid, spreads K_short ∓ credit.',
    inputs: 'S, K, bid or ask',
    format: (r) => pct(r.breakevenPct),
  },
  {
    field: 'pop',
    label: 'POP',
    formula:
      'Probability of profit at expiry: the lognormal (risk-neutral) chance the price ends beyond the breakeven, N(d₂) with d₂ = (ln(S/BE) + (r − q − σ²/2)T) / (σ√T). A model estimate, not a forecast.',
    inputs: 'S, BE, IV, T = DTE/365, r, q',
    format: (r) => pct(r.pop, 0),
  },
  {
    field: 'ivVsIv30',
    label: 'IV / IV30',
    formula:
      "The contract's IV divided by the underlying's 30-day ATM IV (interpolated in total variance between the expiries around 30 days). Below 1: cheaper than the underlying's typical option.",
    inputs: 'contract IV, IV30',
    format: (r) => num(r.ivVsIv30),
    presets: ['cheap-long-call', 'none'],
  },
  {
    field: 'staticReturn',
    label: 'Static',
    formula: 'Covered call: premium / S (the stock stays below K). Cash-secured put: premium / (K − premium), the return on the cash set aside.',
    inputs: 'bid, S, K',
    format: (r) => frac(r.staticReturn),
    presets: ['covered-call', 'cash-secured-put'],
  },
  {
    field: 'ifCalledReturn',
    label: 'If called',
    formula: 'Covered call if assigned: (premium + K − S) / S.',
    inputs: 'bid, S, K',
    format: (r) => frac(r.ifCalledReturn),
    presets: ['covered-call'],
  },
  {
    field: 'returnOnRisk',
    label: 'Return on risk',
    formula: 'Credit spread: credit / (width − credit), credit = short bid − long ask, width = |K_short − K_long|; width − credit is the most you can lose.',
    inputs: 'short bid, long ask, strikes',
    format: (r) => frac(r.returnOnRisk, 1),
    presets: ['credit-spread'],
  },
  {
    field: 'annualizedReturn',
    label: 'Annualised',
    formula:
      'The return × 365 / DTE (static return for income presets, return on risk for spreads): simple, not compounded, and only if every cycle went the same way.',
    inputs: 'return, DTE',
    format: (r) => frac(r.annualizedReturn, 1),
    presets: ['covered-call', 'cash-secured-put', 'credit-spread'],
  },
];

export const columnsFor = (preset: ScreenerPreset) => COLUMNS.filter((c) => !c.presets || c.presets.includes(preset));

/** The builder link of a row: its underlying, template and legs (use-builder-params.ts reads them). */
export function builderHref(r: ScreenerRowView): string {
  const legs = r.legs.map((l) => `${l.action}.${l.optionType}.${l.strike}.${l.expiration}.1`).join(',');
  return `/app/trading?underlying=${encodeURIComponent(r.underlying)}&template=${encodeURIComponent(r.template)}&legs=${encodeURIComponent(legs)}`;
}

const STRATEGY_LABEL: Record<ScreenerRowView['strategy'], string> = {
  'long-call': 'Long call',
  'long-put': 'Long put',
  'short-call': 'Short call',
  'short-put': 'Short put',
  'covered-call': 'Covered call',
  'cash-secured-put': 'Cash-secured put',
  'bull-put-spread': 'Bull put spread',
  'bear-call-spread': 'Bear call spread',
};
export const strategyLabel = (r: ScreenerRowView) => STRATEGY_LABEL[r.strategy];

/**
 * CSV of the rows through the one CSV writer (shared/text/csv.ts: RFC 4180 quoting, formula cells made inert), every
 * column the API answers, with the data's date in a first comment line.
 */
export function toCsv(rows: readonly ScreenerRowView[], asOf: string): string {
  const header = [
    'underlying',
    'strategy',
    'expiration',
    'dte',
    'type',
    'strike',
    'legs',
    'price',
    'bid',
    'ask',
    'mid',
    'spread_pct',
    'volume',
    'open_interest',
    'vol_oi',
    'iv',
    'delta',
    'theta_per_day',
    'extrinsic_pct',
    'otm_pct',
    'breakeven',
    'breakeven_pct',
    'pop_pct',
    'static_return',
    'if_called_return',
    'annualized_return',
    'credit',
    'width',
    'max_loss',
    'return_on_risk',
  ];
  const lines = rows.map((r) => [
    r.underlying,
    r.strategy,
    r.expiration,
    r.dte,
    r.type,
    r.strike,
    r.legs.map((l) => `${l.action} ${l.optionType} ${l.strike} @ ${l.premium}`).join(' / '),
    r.price,
    r.bid,
    r.ask,
    r.mid,
    r.spreadPct,
    r.volume,
    r.openInterest,
    r.volOi,
    r.iv,
    r.delta,
    r.thetaPerDay,
    r.extrinsicPct,
    r.moneynessPct,
    r.breakeven,
    r.breakevenPct,
    r.pop,
    r.staticReturn,
    r.ifCalledReturn,
    r.annualizedReturn,
    r.credit,
    r.width,
    r.maxLoss,
    r.returnOnRisk,
  ]);
  return `# Options Academy screener, end-of-day data as of ${asOf}\r\n` + csvDocument(header, lines);
}
