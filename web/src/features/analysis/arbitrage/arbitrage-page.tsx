import { formatCount, formatLevel, formatNumber, formatPercent, MINUS, orDash } from '@shared/format/number';
import { formatExpiry } from '@shared/format/time';
import { plural } from '@shared/format/words';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useArbitrage, type ArbitrageView } from '@web/api/analysis-screener';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { EodBanner } from '../common/eod-banner';
import { FormulaTip } from '../common/formula-tip';
import { UnderlyingPicker, useUnderlyingParam } from '../common/underlying-picker';

type Hit = ArbitrageView['hits'][number];

/** What each reason code means (why parity "arbitrage" rarely survives execution; Kamara and Miller 1995). */
const REASONS: Record<Hit['reasons'][number], string> = {
  STALE_QUOTES: 'End-of-day snapshot: the legs were never quoted together at these prices, and none can be traded at them now.',
  WIDE_SPREAD: 'A leg’s spread is over 10% of its mid: the edge is likely to be the spread, paid four times.',
  EARLY_EXERCISE_RISK: 'American options: a short in-the-money leg can be assigned early, breaking the hedge (the 2019 Robinhood box lost ~$58k this way).',
  EX_DIV_BEFORE_EXPIRY:
    'A dividend before expiry: a short stock owes it, calls are exercised ahead of it, and one the model does not know looks exactly like this edge.',
  PIN_RISK: 'Near the money close to expiry: you cannot know whether a short leg will be assigned.',
};

const KIND_LABEL: Record<Hit['kind'], string> = { conversion: 'Conversion', reversal: 'Reversal', 'long-box': 'Long box', 'short-box': 'Short box' };
const money = (x: number) => `${x < 0 ? MINUS : ''}$${formatNumber(Math.abs(x), { digits: 3 })}`;
/** A leg as the scan names it ("put 600"), its strike in the learner's number style. */
const instrument = (name: string) => name.replace(/\d+(\.\d+)?/, (k) => formatLevel(Number(k)));

/** The builder link of a hit's options legs: the synthetic of a conversion or reversal, the four legs of a box. */
function builderHref(underlying: string, hit: Hit): string {
  const legs = hit.legs
    .filter((l) => l.instrument !== 'stock')
    .map((l) => {
      const [type, strike] = l.instrument.split(' ');
      return `${l.action}.${type}.${strike}.${hit.expiration}.1`;
    })
    .join(',');
  const template = hit.kind === 'reversal' ? '&template=long-synthetic-future' : hit.kind === 'conversion' ? '&template=short-synthetic-future' : '';
  return `/app/trading?underlying=${encodeURIComponent(underlying)}${template}&legs=${encodeURIComponent(legs)}`;
}

/** /app/arbitrage — put-call parity, conversions, reversals and boxes at bid and ask, with why each is not real. */
export default function ArbitragePage() {
  usePageMeta({ title: 'Arbitrage', description: 'Put-call parity and why most arbitrage is not real.', path: '/app/arbitrage', noindex: true });
  const [underlying, setUnderlying] = useUnderlyingParam();
  const [expiry, setExpiry] = useState<string | null>(null);
  const q = useArbitrage(underlying, expiry);
  const data = q.data;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Arbitrage: put-call parity</h1>
        <p className="text-sm text-slate-700">
          A call minus a put of the same strike and expiry must cost what the stock minus the strike’s present value costs, dividends aside. The scanner trades
          only at bid and ask, pays the fees and the dividends, and tells you why each “opportunity” it finds is almost certainly not one.
        </p>
      </header>
      <EodBanner asOf={data?.asOf} source={data?.source} extra="Educational: not executable." />
      <div className="flex flex-wrap items-center gap-4">
        <UnderlyingPicker
          value={underlying}
          onChange={(t) => {
            setExpiry(null);
            setUnderlying(t);
          }}
        />
      </div>
      <QueryState query={q}>
        {(data) => (
          <>
            <Inputs data={data} />
            <Hits data={data} />
            <ParityTable data={data} onExpiry={setExpiry} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function Inputs({ data }: { data: ArbitrageView }) {
  const i = data.inputs;
  const items = [
    [
      'Price S',
      `$${formatNumber(data.price)}`,
      'The last close; the stock is bought a cent above and sold a cent below it (no stock quote in end-of-day data).',
    ],
    ['Risk-free rate r', formatPercent(i.riskFree, 2), 'Continuous; the benchmark every edge is measured against (its financing is already deducted).'],
    [
      'Dividend yield q',
      formatPercent(i.dividendYield, 2),
      'PV(D) = S × (1 − e^(−qT)): dividends are modelled as a continuous yield (the underlying’s recent yield), not as announced ex-dates.',
    ],
    [
      'Fees',
      `$${formatNumber(i.feePerContract)} a contract, $${formatNumber(i.feePerShare, { digits: 3 })} a share`,
      'Per share of the 100-share position: 2 or 4 contracts × fee / 100, plus the share fee for a stock leg.',
    ],
    ['Exercise', data.exercise, 'American options may be exercised early; parity is then a pair of bounds, not an equality.'],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 lg:grid-cols-5" data-testid="arbitrage-inputs">
      {items.map(([label, value, formula]) => (
        <div key={label} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
          <dt className="flex items-center gap-1 text-xs text-slate-600">
            {label} <FormulaTip label={label} formula={formula} asOf={data.asOf} />
          </dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Hits({ data }: { data: ArbitrageView }) {
  const [all, setAll] = useState(false);
  const shown = all ? data.hits.slice(0, 200) : data.hits.slice(0, 10);
  return (
    <section aria-labelledby="hits-h" className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <h2 id="hits-h" className="flex items-center gap-2 font-semibold text-slate-900">
        Apparent opportunities ({data.hits.length})
        <FormulaTip
          label="Executable edge"
          formula={
            data.exercise === 'american'
              ? 'American options: only a quote outside the bounds S − PV(D) − K ≤ C − P ≤ S − K e^(−rT) counts. Conversion (above the upper bound): K e^(−rT) − (S_ask + P_ask − C_bid) − fees. Reversal (below the lower bound): (S_bid + P_bid − C_ask) − K − PV(D) − fees. Box bounds: K2 e^(−rT) − K1 − PV(D) ≤ box ≤ K2 − K1 e^(−rT) + PV(D); a long box costing less than the lower bound, or a short box credited more than the upper, after fees. Annualised: edge / capital / T, above the risk-free rate already deducted.'
              : 'Conversion: K e^(−rT) + PV(D) − (S_ask + P_ask − C_bid) − fees. Reversal: (S_bid + P_bid − C_ask) − K e^(−rT) − PV(D) − fees. Long box: (K2 − K1) e^(−rT) − [(C1_ask − C2_bid) + (P2_ask − P1_bid)] − fees; short box the reverse. Annualised: edge / capital / T, above the risk-free rate already deducted.'
          }
          inputs="bid and ask of each leg, S, K, r, T, PV(D), fees"
          asOf={data.asOf}
        />
      </h2>
      <p className="text-sm text-slate-700">
        Scanned {formatCount(data.scanned.strikes)} strikes and {formatCount(data.scanned.boxes)} boxes over {formatCount(data.scanned.expiries)} expiries.{' '}
        {data.hits.length === 0
          ? 'None survives bid and ask, dividends, rates and fees: that is what an efficient market looks like.'
          : 'Each is educational, not executable: read its reasons.'}
      </p>
      {data.hits.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="arbitrage-hits">
            <thead className="text-xs text-slate-700">
              <tr>
                <th className="px-2 py-1">Trade</th>
                <th className="px-2 py-1">Legs (price taken)</th>
                <th className="px-2 py-1">Mid edge (theoretical)</th>
                <th className="px-2 py-1">Bid/ask edge</th>
                <th className="px-2 py-1">Annualised vs r</th>
                <th className="px-2 py-1">Reasons</th>
                <th className="px-2 py-1">
                  <span className="sr-only">Builder</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((h, i) => (
                <tr key={i} className="border-t border-slate-100 align-top">
                  <td className="whitespace-nowrap px-2 py-1.5 font-medium">
                    {KIND_LABEL[h.kind]} {h.strikes.map(formatLevel).join('/')}
                    <span className="block text-xs font-normal text-slate-600">
                      {formatExpiry(h.expiration)} · {plural(h.days, 'day')}
                    </span>
                  </td>
                  <td className="px-2 py-1.5 text-xs">{h.legs.map((l) => `${l.action} ${instrument(l.instrument)} @ ${formatNumber(l.price)}`).join(', ')}</td>
                  <td className="px-2 py-1.5 tabular-nums">{money(h.theoreticalEdge)}</td>
                  <td className="px-2 py-1.5 tabular-nums">{money(h.executableEdge)}</td>
                  <td className="px-2 py-1.5 tabular-nums">
                    {formatPercent(h.annualizedExcess, 2)} <span className="text-xs text-slate-600">above {formatPercent(data.inputs.riskFree, 1)}</span>
                  </td>
                  <td className="px-2 py-1.5">
                    <ul className="flex flex-wrap gap-1">
                      {h.reasons.map((r) => (
                        <li key={r} title={REASONS[r]} className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                          {r}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-2 py-1.5">
                    <Link to={builderHref(data.underlying, h)} className="whitespace-nowrap text-blue-700 hover:underline">
                      Options legs in builder
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.hits.length > shown.length && (
        <button type="button" className="text-sm font-medium text-blue-700 hover:underline" onClick={() => setAll(true)}>
          Show all {data.hits.length}
        </button>
      )}
      <dl className="grid gap-1 text-xs text-slate-700 sm:grid-cols-2">
        {Object.entries(REASONS).map(([code, text]) => (
          <div key={code}>
            <dt className="inline font-semibold">{code}: </dt>
            <dd className="inline">{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ParityTable({ data, onExpiry }: { data: ArbitrageView; onExpiry: (e: string) => void }) {
  const chosen = data.parityExpiry;
  const rows = data.parity;
  const f = orDash((x: number) => formatNumber(x), '–');
  const american = data.exercise === 'american';
  return (
    <section aria-labelledby="parity-h" className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="parity-h" className="flex items-center gap-2 font-semibold text-slate-900">
          Parity by strike
          <FormulaTip
            label="Put-call parity"
            formula={
              american
                ? 'American options bound C − P instead of fixing it: S − PV(D) − K ≤ C − P ≤ S − K e^(−rT) (the early-exercise premium lies between). Observed C − P at mids: the deviation is how far it lies outside the bounds (0 inside), theoretical; the conversion and reversal columns are what bid and ask leave after fees.'
                : 'C − P = S − PV(D) − K e^(−rT) (European). Observed C − P at mids against it: the deviation is theoretical; the conversion and reversal columns are what bid and ask leave after fees.'
            }
            inputs="call and put mids, S, K, r, T, PV(D)"
            asOf={data.asOf}
          />
        </h2>
        <label className="text-sm">
          Expiry{' '}
          <select value={chosen ?? ''} onChange={(e) => onExpiry(e.target.value)} className="rounded border border-slate-300 px-1 py-0.5">
            {data.expiries.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
      </div>
      {/* Scrolls on its own, so it takes the keyboard focus (arrow keys scroll it). */}
      <div className="relative max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Put-call parity by strike">
        <table className="min-w-full text-right text-sm tabular-nums" data-testid="parity-table">
          <thead className="sticky top-0 bg-white text-xs text-slate-700">
            <tr>
              <th className="px-2 py-1 text-left">Strike</th>
              <th className="px-2 py-1">Call mid</th>
              <th className="px-2 py-1">Put mid</th>
              <th className="px-2 py-1">C − P</th>
              <th className="px-2 py-1">{american ? 'Bounds (American)' : 'Parity'}</th>
              <th className="px-2 py-1">Deviation (mid)</th>
              <th className="px-2 py-1">Conversion edge</th>
              <th className="px-2 py-1">Reversal edge</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.strike} className="border-t border-slate-100">
                <td className="px-2 py-1 text-left font-medium">{formatLevel(r.strike)}</td>
                <td className="px-2 py-1">{f(r.callMid)}</td>
                <td className="px-2 py-1">{f(r.putMid)}</td>
                <td className="px-2 py-1">{f(r.observed)}</td>
                <td className="px-2 py-1 whitespace-nowrap">{american ? `${f(r.lower)} to ${f(r.upper)}` : f(r.parity)}</td>
                <td className="px-2 py-1">{f(r.deviation)}</td>
                <td className={`px-2 py-1 ${r.conversionEdge !== null && r.conversionEdge > 0 ? 'font-semibold text-emerald-700' : 'text-slate-600'}`}>
                  {f(r.conversionEdge)}
                </td>
                <td className={`px-2 py-1 ${r.reversalEdge !== null && r.reversalEdge > 0 ? 'font-semibold text-emerald-700' : 'text-slate-600'}`}>
                  {f(r.reversalEdge)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
