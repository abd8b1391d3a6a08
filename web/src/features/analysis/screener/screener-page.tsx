import { formatCount, formatNumber, formatPercent } from '@shared/format/number';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SCREENER_PRESET_DEFINITIONS, presetDefinition } from '@shared/analysis/screener';
import { contractName, legName } from '@shared/format/options';
import type { ContractFilters, ScreenerPreset, ScreenerQueryInput, SortField, UnderlyingFilters } from '@shared/analysis/screener.api';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { runScreener, useDeleteScreen, useSaveScreen, useSavedScreens, useScreener, type ScreenerResultView } from '@web/api/analysis-screener';
import { Button } from '@web/components/ui/button';
import { WatchStar } from '@web/components/watchlist/watch-star';

import { usePageMeta } from '@web/lib/page-meta';
import { EodBanner } from '../common/eod-banner';
import { FormulaTip, formatAsOf } from '../common/formula-tip';
import { builderHref, columnsFor, strategyLabel, toCsv } from './columns';
import { QueryError } from '@web/components/query-state';

type RangeKey<T> = { [K in keyof T]-?: NonNullable<T[K]> extends { min?: number; max?: number } ? K : never }[keyof T];
type NumberKey<T> = { [K in keyof T]-?: NonNullable<T[K]> extends number ? K : never }[keyof T];

const CONTRACT_RANGES: { key: RangeKey<ContractFilters>; label: string; hint: string }[] = [
  { key: 'dte', label: 'Days to expiry', hint: 'calendar days' },
  { key: 'moneynessPct', label: 'Out of the money %', hint: '(K − S)/S calls, (S − K)/S puts' },
  { key: 'absDelta', label: '|Delta|', hint: '0 to 1' },
  { key: 'ivPct', label: 'IV %', hint: 'the contract’s implied vol' },
  { key: 'thetaPerDay', label: 'θ per day $', hint: 'per contract, negative for a holder' },
  { key: 'extrinsicPct', label: 'Extrinsic %', hint: '(mid − intrinsic)/mid' },
  { key: 'breakevenPct', label: 'Breakeven move %', hint: 'move needed in your favour' },
];
const CONTRACT_MINS: { key: NumberKey<ContractFilters>; label: string; hint: string }[] = [
  { key: 'bidMin', label: 'Bid at least $', hint: 'blank: the default 0.05; 0: no minimum' },
  { key: 'spreadPctMax', label: 'Spread at most % of mid', hint: 'blank: the default 10' },
  { key: 'openInterestMin', label: 'Open interest at least', hint: 'blank: the default 100; 0: no minimum' },
  { key: 'volumeMin', label: 'Volume at least', hint: 'contracts today' },
  { key: 'volOiMin', label: 'Volume/OI at least', hint: 'unusual activity ≥ 1.25' },
  { key: 'popPctMin', label: 'Probability of profit at least %', hint: 'lognormal, at expiry' },
  { key: 'spreadWidth', label: 'Spread width $', hint: 'credit spreads; default ≈ 1% of price' },
];
const UNDERLYING_RANGES: { key: RangeKey<UnderlyingFilters>; label: string; hint: string }[] = [
  { key: 'price', label: 'Price $', hint: 'last close' },
  { key: 'iv30Pct', label: 'IV30 %', hint: '30-day ATM IV' },
  { key: 'putCallRatio', label: 'P/C volume ratio', hint: 'put volume / call volume' },
  { key: 'ivRank', label: 'IV rank', hint: 'needs a year of history' },
  { key: 'ivPercentile', label: 'IV percentile', hint: 'needs a year of history' },
  { key: 'hv20Pct', label: 'HV20 %', hint: 'needs the daily history' },
  { key: 'ivHv', label: 'IV / HV', hint: 'needs the daily history' },
];

const initialQuery = (preset: ScreenerPreset): ScreenerQueryInput => {
  const p = presetDefinition(preset);
  return { preset, contract: { ...p.contract }, underlying: {}, sort: p.sort, page: 1, pageSize: 50 };
};

const toNumber = (s: string): number | undefined => (s.trim() === '' || !Number.isFinite(Number(s)) ? undefined : Number(s));

function RangeInput({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value?: { min?: number; max?: number };
  onChange: (v?: { min?: number; max?: number }) => void;
}) {
  const set = (side: 'min' | 'max', raw: string) => {
    const next = { ...value, [side]: toNumber(raw) };
    onChange(next.min === undefined && next.max === undefined ? undefined : next);
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-xs font-medium text-slate-700" title={hint}>
        {label}
      </legend>
      <div className="mt-0.5 flex gap-1">
        <input
          aria-label={`${label} from`}
          type="number"
          step="any"
          placeholder="min"
          value={value?.min ?? ''}
          onChange={(e) => set('min', e.target.value)}
          className="w-full rounded border border-slate-300 px-1.5 py-1 text-sm"
        />
        <input
          aria-label={`${label} to`}
          type="number"
          step="any"
          placeholder="max"
          value={value?.max ?? ''}
          onChange={(e) => set('max', e.target.value)}
          className="w-full rounded border border-slate-300 px-1.5 py-1 text-sm"
        />
      </div>
    </fieldset>
  );
}

function NumberInput({ label, hint, value, onChange }: { label: string; hint: string; value?: number; onChange: (v?: number) => void }) {
  return (
    <label className="block min-w-0 text-xs font-medium text-slate-700" title={hint}>
      {label}
      <input
        type="number"
        step="any"
        value={value ?? ''}
        onChange={(e) => onChange(toNumber(e.target.value))}
        className="mt-0.5 block w-full rounded border border-slate-300 px-1.5 py-1 text-sm font-normal"
      />
    </label>
  );
}

/** /app/screener — the options screener (issue 22: filter, sort and save screens on end-of-day data). */
export default function ScreenerPage() {
  usePageMeta({ title: 'Screener', description: 'Screen every tracked underlying’s options on end-of-day data.', path: '/app/screener', noindex: true });
  const [draft, setDraft] = useState<ScreenerQueryInput>(() => initialQuery('none'));
  const [submitted, setSubmitted] = useState<ScreenerQueryInput>(() => initialQuery('none'));
  const [showFilters, setShowFilters] = useState(false);
  const result = useScreener(submitted);
  const data = result.data;
  const preset = submitted.preset ?? 'none';

  const setContract = (patch: Partial<ContractFilters>) => setDraft((d) => ({ ...d, contract: { ...d.contract, ...patch } }));
  const setUnderlying = (patch: Partial<UnderlyingFilters>) => setDraft((d) => ({ ...d, underlying: { ...d.underlying, ...patch } }));
  const run = (q: ScreenerQueryInput) => {
    setDraft(q);
    setSubmitted(q);
  };
  const choosePreset = (p: ScreenerPreset) => run({ ...initialQuery(p), underlying: draft.underlying });
  const sortBy = (field: SortField) => {
    const dir = submitted.sort.field === field && submitted.sort.dir === 'desc' ? 'asc' : 'desc';
    run({ ...submitted, sort: { field, dir }, page: 1 });
  };
  const page = submitted.page ?? 1;
  const pageSize = submitted.pageSize ?? 50;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const columns = columnsFor(preset);

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Options screener</h1>
        <p className="text-sm text-slate-700">
          Every contract of every tracked underlying, every expiry, filtered and sorted. Illiquid contracts are left out by default (bid under $0.05, open
          interest under 100, spread over 10% of mid): what is not traded cannot be trusted, however good it looks.
        </p>
      </header>
      <EodBanner asOf={data?.asOf} source={data?.source} extra="Probabilities come from a model (lognormal, the contract's IV), not from the future." />

      <section aria-label="Presets" className="flex flex-wrap gap-2">
        {SCREENER_PRESET_DEFINITIONS.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={preset === p.id}
            title={p.description}
            onClick={() => choosePreset(p.id)}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${preset === p.id ? 'bg-blue-700 text-white ring-blue-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
          >
            {p.label}
          </button>
        ))}
      </section>
      <p className="text-sm text-slate-700" data-testid="preset-description">
        {presetDefinition(preset).description}
      </p>

      <form
        className="space-y-3 rounded-xl bg-white p-3 ring-1 ring-slate-200"
        onSubmit={(e) => {
          e.preventDefault();
          run({ ...draft, page: 1 });
        }}
      >
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex items-center gap-2 text-sm">
            <legend className="sr-only">Option type</legend>
            {(['call', 'put'] as const).map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={draft.contract.types.includes(t)}
                  onChange={(e) => {
                    const types = e.target.checked ? [...new Set([...draft.contract.types, t])] : draft.contract.types.filter((x) => x !== t);
                    if (types.length) setContract({ types });
                  }}
                />
                {t === 'call' ? 'Calls' : 'Puts'}
              </label>
            ))}
          </fieldset>
          <label className="flex items-center gap-1 text-sm">
            Priced for a
            <select
              value={draft.contract.side}
              onChange={(e) => setContract({ side: e.target.value as 'buy' | 'sell' })}
              className="rounded border border-slate-300 px-1 py-0.5"
            >
              <option value="buy">buyer (ask)</option>
              <option value="sell">seller (bid)</option>
            </select>
          </label>
          <Button type="button" variant="secondary" onClick={() => setShowFilters((s) => !s)} aria-expanded={showFilters}>
            {showFilters ? 'Hide filters' : 'All filters'}
          </Button>
          <Button type="submit">Run screen</Button>
        </div>
        {showFilters && (
          <div className="space-y-3" data-testid="filters">
            <h2 className="text-sm font-semibold text-slate-900">Contract</h2>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
              {CONTRACT_RANGES.map((f) => (
                <RangeInput key={f.key} label={f.label} hint={f.hint} value={draft.contract[f.key]} onChange={(v) => setContract({ [f.key]: v })} />
              ))}
              {CONTRACT_MINS.map((f) => (
                <NumberInput
                  key={f.key}
                  label={f.label}
                  hint={f.hint}
                  value={draft.contract[f.key] ?? undefined}
                  onChange={(v) => setContract({ [f.key]: v })}
                />
              ))}
            </div>
            <h2 className="text-sm font-semibold text-slate-900">Underlying</h2>
            <fieldset className="flex flex-wrap gap-2 text-sm">
              <legend className="text-xs font-medium text-slate-700">Underlyings (none ticked: all)</legend>
              {TRACKED_UNDERLYINGS.map((t) => (
                <label key={t} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={draft.underlying?.tickers?.includes(t) ?? false}
                    onChange={(e) => {
                      const cur = draft.underlying?.tickers ?? [];
                      const tickers = e.target.checked ? [...cur, t] : cur.filter((x) => x !== t);
                      setUnderlying({ tickers: tickers.length ? tickers : undefined });
                    }}
                  />
                  {t}
                </label>
              ))}
            </fieldset>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
              {UNDERLYING_RANGES.map((f) => (
                <RangeInput key={f.key} label={f.label} hint={f.hint} value={draft.underlying?.[f.key]} onChange={(v) => setUnderlying({ [f.key]: v })} />
              ))}
              <NumberInput
                label="Earnings within days"
                hint="needs the earnings calendar"
                value={draft.underlying?.earningsWithinDays}
                onChange={(v) => setUnderlying({ earningsWithinDays: v === undefined ? undefined : Math.round(v) })}
              />
            </div>
          </div>
        )}
      </form>

      <SavedScreens current={submitted} onRun={run} />

      {result.isError && <QueryError error={result.error} onRetry={result.refetch} retrying={result.isFetching} />}
      {data?.notes.map((n) => (
        <p key={n} role="note" className="rounded-lg bg-slate-100 p-2 text-sm text-slate-800">
          {n}
        </p>
      ))}
      {data && <UnderlyingStrip data={data} />}

      <section aria-label="Results" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
          <span data-testid="result-count">
            {result.isPending ? 'Screening…' : data ? `${formatCount(data.total)} matches` : ''}
            {result.isFetching && !result.isPending && ' (updating…)'}
          </span>
          {data && <CsvButton query={submitted} asOf={data.asOf} />}
        </div>
        {data && data.rows.length === 0 && (
          <p className="rounded-lg bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
            No contract passes these filters. Loosen one and run the screen again.
          </p>
        )}
        {data && data.rows.length > 0 && (
          <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
            <table className="min-w-full text-sm" data-testid="screener-table">
              <thead className="bg-slate-50 text-left text-xs text-slate-700">
                <tr>
                  <th scope="col" className="sticky left-0 bg-slate-50 px-2 py-2">
                    Contract
                  </th>
                  {columns.map((c) => (
                    <th
                      key={c.field}
                      scope="col"
                      className="whitespace-nowrap px-2 py-2"
                      aria-sort={submitted.sort.field === c.field ? (submitted.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <span className="inline-flex items-center gap-1">
                        <button type="button" onClick={() => sortBy(c.field)} className="font-semibold hover:underline">
                          {c.label}
                          {submitted.sort.field === c.field ? (submitted.sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                        </button>
                        <FormulaTip label={c.label} formula={c.formula} inputs={c.inputs} asOf={data.asOf} />
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100" data-testid="screener-row">
                    <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-2 py-1.5 text-left font-medium text-slate-900">
                      {r.legs.map((l) => (
                        <span key={l.contractTicker} className="flex items-center gap-1">
                          <WatchStar symbol={l.contractTicker} className="-ml-1" />
                          {legName(l.action, { underlying: r.underlying, expiration: l.expiration, strike: l.strike, type: l.optionType })}
                        </span>
                      ))}
                      <span className="block text-xs font-normal text-slate-600">
                        {strategyLabel(r)} · S ${formatNumber(r.price)}
                      </span>
                      <Link to={builderHref(r)} className="text-xs font-medium text-blue-700 hover:underline">
                        Open in builder
                        <span className="sr-only">{`: ${strategyLabel(r)}, ${contractName({ underlying: r.underlying, expiration: r.expiration, strike: r.strike, type: r.type })}`}</span>
                      </Link>
                    </th>
                    {columns.map((c) => (
                      <td key={c.field} className="whitespace-nowrap px-2 py-1.5 tabular-nums text-slate-800">
                        {c.format(r)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.total > pageSize && (
          <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
            <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => run({ ...submitted, page: page - 1 })}>
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button type="button" variant="secondary" disabled={page >= pages} onClick={() => run({ ...submitted, page: page + 1 })}>
              Next
            </Button>
          </nav>
        )}
      </section>
    </div>
  );
}

function UnderlyingStrip({ data }: { data: ScreenerResultView }) {
  return (
    <details className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
      <summary className="cursor-pointer font-semibold text-slate-900">Underlyings screened ({data.underlyings.length})</summary>
      <div className="relative mt-2 overflow-x-auto">
        <table className="min-w-full text-left text-sm" data-testid="underlyings-table">
          <thead className="text-xs text-slate-700">
            <tr>
              <th className="px-2 py-1">Ticker</th>
              <th className="px-2 py-1">Price</th>
              <th className="px-2 py-1">
                IV30{' '}
                <FormulaTip
                  label="IV30"
                  formula="30-day constant-maturity ATM IV: the ATM IVs of the expiries around 30 days, interpolated linearly in total variance σ²T, then σ = √(w/T)."
                  inputs="ATM IV and days of the two expiries around 30 days"
                  asOf={data.asOf}
                />
              </th>
              <th className="px-2 py-1">
                P/C{' '}
                <FormulaTip
                  label="Put/call volume ratio"
                  formula="Put volume / call volume over every expiry of the session. Read against the underlying's own history, not alone."
                  inputs="session volume"
                  asOf={data.asOf}
                />
              </th>
              <th className="px-2 py-1">IV rank · percentile · HV20</th>
            </tr>
          </thead>
          <tbody>
            {data.underlyings.map((u) => (
              <tr key={u.ticker} className="border-t border-slate-100">
                <td className="px-2 py-1 font-medium">{u.ticker}</td>
                <td className="px-2 py-1 tabular-nums">${formatNumber(u.price)}</td>
                <td className="px-2 py-1 tabular-nums">{u.iv30 === null ? '–' : formatPercent(u.iv30, 1)}</td>
                <td className="px-2 py-1 tabular-nums">{u.putCallRatio === null ? '–' : formatNumber(u.putCallRatio)}</td>
                <td className="px-2 py-1 text-slate-700">
                  {u.ivRank === null
                    ? `building history: ${u.historyDays} / 252`
                    : `${formatNumber(u.ivRank, { digits: 0 })} · ${u.ivPercentile === null || u.ivPercentile === undefined ? '–' : formatNumber(u.ivPercentile, { digits: 0 })} · ${u.hv20 === null ? '–' : formatPercent(u.hv20, 1)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function CsvButton({ query, asOf }: { query: ScreenerQueryInput; asOf: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="flex items-center gap-2">
      {error && <span className="text-red-700">{error}</span>}
      <Button
        type="button"
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            const all = await runScreener({ ...query, page: 1, pageSize: 500 });
            const blob = new Blob([toCsv(all.rows, formatAsOf(asOf))], { type: 'text/csv' });
            const a = document.createElement('a');
            a.href = URL.createObjectURL(blob);
            a.download = `screener-${asOf.slice(0, 10)}.csv`;
            a.click();
            URL.revokeObjectURL(a.href);
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Exporting…' : 'Export CSV (first 500)'}
      </Button>
    </span>
  );
}

function SavedScreens({ current, onRun }: { current: ScreenerQueryInput; onRun: (q: ScreenerQueryInput) => void }) {
  const screens = useSavedScreens();
  const save = useSaveScreen();
  const remove = useDeleteScreen();
  const [name, setName] = useState('');
  return (
    <section aria-labelledby="saved-h" className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
      <h2 id="saved-h" className="font-semibold text-slate-900">
        Saved screens
      </h2>
      <p className="text-xs text-slate-600">A saved screen keeps its filters and re-runs on the newest end-of-day snapshot.</p>
      <form
        className="mt-2 flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ name, query: { ...current, page: 1 } }, { onSuccess: () => setName('') });
        }}
      >
        <label className="flex items-center gap-1">
          <span className="sr-only">Screen name</span>
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Name this screen"
            maxLength={60}
            className="rounded border border-slate-300 px-2 py-1"
          />
        </label>
        <Button type="submit" disabled={!name.trim() || save.isPending}>
          Save screen
        </Button>
        {save.isError && (
          <span role="alert" className="text-red-700">
            {(save.error as Error).message}
          </span>
        )}
      </form>
      {screens.data && screens.data.screens.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="saved-screens">
          {screens.data.screens.map((s) => (
            <li key={s.id} className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-1">
              <button type="button" className="font-medium text-blue-800 hover:underline" onClick={() => onRun({ ...s.query, page: 1 })}>
                {s.name}
              </button>
              <button
                type="button"
                aria-label={`Delete ${s.name}`}
                className="rounded-full px-1.5 text-slate-600 hover:bg-slate-200"
                onClick={() => remove.mutate(s.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
