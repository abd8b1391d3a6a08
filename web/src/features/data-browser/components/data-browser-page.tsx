import { useState, type FormEvent } from 'react';
import { DATA_PAGE_DEFAULT, DATA_PAGE_MAX } from '@shared/data-browser/data-browser.api';
import { formatNewYorkTime } from '@shared/format/time';
import { plural } from '@shared/format/words';
import { addDays, newYorkDate } from '@shared/market/dates';
import { useTickers } from '@web/api/market';
import { QueryError } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { useChainContracts, useTablePage, type DataTable as TableName, type PageQuery } from '../api/data-browser';
import { pageCsv, shownColumns, type BrowsedTable, type Row } from '../lib/columns';
import { downloadCsv } from '../lib/download';
import { DataTable } from './data-table';
import { HistoryChart } from './history-chart';

const TABLES: { value: TableName; label: string }[] = [
  { value: 'stock-bars', label: 'Stock bars' },
  { value: 'option-bars', label: 'Option bars' },
  { value: 'chains', label: 'Chains by expiry' },
  { value: 'summaries', label: 'Daily summaries' },
];
const RANGE_WORDS: Record<TableName, string> = {
  'stock-bars': 'End-of-day bars dated',
  'option-bars': 'End-of-day bars dated',
  chains: 'One stored chain per expiry, fetch times in New York time (ET); expiring',
  summaries: 'One end-of-day row a session, dated',
};
const PAGE_SIZES = [50, DATA_PAGE_DEFAULT, 250, DATA_PAGE_MAX];
const tableLabel = (t: TableName) => TABLES.find((x) => x.value === t)!.label;

interface Picked {
  underlying: string;
  table: TableName;
  from: string;
  to: string;
  contract: string;
  limit: number;
}

/**
 * The picks after choosing a table: chains are picked by expiration, so switching to them looks ahead (the next 60
 * days) and switching back looks at the last 30 days, unless the operator had chosen other dates.
 */
function withTable(draft: Picked, table: TableName, today: string): Picked {
  const past = { from: addDays(today, -30), to: today };
  const ahead = { from: today, to: addDays(today, 60) };
  const [was, now] = table === 'chains' ? [past, ahead] : draft.table === 'chains' ? [ahead, past] : [null, null];
  return was && now && draft.from === was.from && draft.to === was.to ? { ...draft, table, ...now } : { ...draft, table };
}

/** Cursors of the pages seen so far: the first page has none; Next pushes the page's cursor, Previous pops it. */
function usePager() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors.at(-1),
    page: cursors.length,
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    reset: () => setCursors([undefined]),
  };
}

/** The operator's data browser (Cognito group admin): what the table stores, page by page, with a chart and a CSV. */
export default function DataBrowserPage() {
  usePageMeta({ title: 'Data', description: 'Browse the stored market data.', path: '/app/data', noindex: true });
  const today = newYorkDate(new Date());
  const initial: Picked = { underlying: 'SPY', table: 'stock-bars', from: addDays(today, -30), to: today, contract: '', limit: DATA_PAGE_DEFAULT };
  const [draft, setDraft] = useState<Picked>(initial);
  const [shown, setShown] = useState<Picked>(initial);
  const [chartContract, setChartContract] = useState<string | undefined>(undefined);
  const [expiry, setExpiry] = useState<string | null>(null);
  const pager = usePager();
  const tickers = useTickers();

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = { ...draft, underlying: draft.underlying.trim().toUpperCase(), contract: draft.contract.trim().toUpperCase() };
    setDraft(next);
    setShown(next);
    pager.reset();
    setExpiry(null);
    setChartContract(next.table === 'option-bars' && next.contract ? next.contract : undefined);
  };

  /** Charts a contract and brings the chart into view (it sits above the table). */
  const showChart = (contract: string) => {
    setChartContract(contract);
    document.getElementById('history-h')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  // Bars are dated in the past: for chains (picked by expiration, mostly ahead) the chart shows the last 30 days.
  const chartRange = shown.table === 'chains' ? { from: addDays(today, -30), to: today } : { from: shown.from, to: shown.to };

  const query: PageQuery = {
    from: shown.from,
    to: shown.to,
    limit: shown.limit,
    cursor: pager.cursor,
    ...(shown.table === 'option-bars' && shown.contract ? { contract: shown.contract } : {}),
  };
  const page = useTablePage(shown.underlying, shown.table, query);
  const rows = (page.data?.rows ?? []) as Row[];
  const columns = shownColumns(shown.table, rows);
  const fileBase = `${shown.underlying}-${shown.table}-${shown.from}-to-${shown.to}`;

  const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Data</h1>
        <p className="text-slate-700">
          What the table stores, a page at a time. Dates are New York trading days; bars and summaries are end-of-day data; a chain&apos;s fetch time is in New
          York time (ET).
        </p>
      </header>

      <form
        onSubmit={apply}
        aria-label="What to show"
        className="grid items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-5 lg:grid-cols-4"
      >
        <label className="text-sm font-medium text-slate-800">
          Underlying
          <input
            className={field}
            value={draft.underlying}
            onChange={(e) => setDraft({ ...draft, underlying: e.target.value })}
            list="data-underlyings"
            autoCapitalize="characters"
            required
            pattern="[A-Za-z][A-Za-z.]{0,9}"
            title="A ticker symbol such as SPY"
          />
          <datalist id="data-underlyings">
            {(tickers.data?.tickers ?? []).map((t) => (
              <option key={t.ticker} value={t.ticker} />
            ))}
          </datalist>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Table
          <select className={field} value={draft.table} onChange={(e) => setDraft(withTable(draft, e.target.value as TableName, today))}>
            {TABLES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {draft.table === 'chains' ? 'Expiring from' : 'From (New York)'}
          <input type="date" className={field} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} required />
        </label>
        <label className="text-sm font-medium text-slate-800">
          {draft.table === 'chains' ? 'Expiring to' : 'To (New York)'}
          <input type="date" className={field} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} required />
        </label>
        <label className="text-sm font-medium text-slate-800">
          Rows per page
          <select className={field} value={draft.limit} onChange={(e) => setDraft({ ...draft, limit: Number(e.target.value) })}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {draft.table === 'option-bars' ? (
          <label className="text-sm font-medium text-slate-800">
            Contract (optional)
            <input
              className={field}
              value={draft.contract}
              onChange={(e) => setDraft({ ...draft, contract: e.target.value })}
              placeholder="SPY261218C00600000"
            />
          </label>
        ) : null}
        <div className={draft.table === 'option-bars' ? 'lg:col-span-2' : 'sm:col-span-1 lg:col-span-3'}>
          <Button type="submit">Show</Button>
        </div>
      </form>

      <HistoryChart underlying={shown.underlying} {...chartRange} contract={chartContract} onClear={() => setChartContract(undefined)} />

      <section aria-labelledby="rows-h" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <h2 id="rows-h" className="text-lg font-semibold">
          {shown.underlying}: {tableLabel(shown.table)}
          {shown.table === 'option-bars' && shown.contract ? `, ${shown.contract}` : ''}
        </h2>
        <p className="text-sm text-slate-600">
          {RANGE_WORDS[shown.table]} {shown.from} to {shown.to} (New York dates).
          {shown.table === 'option-bars' && !shown.contract
            ? ' Every contract of the underlying, by date; a page may hold fewer rows than asked and still have a next one.'
            : ''}
        </p>
        {page.isPending ? (
          <Spinner label="Loading the stored rows…" />
        ) : page.isError ? (
          <QueryError error={page.error} onRetry={() => void page.refetch()} retrying={page.isFetching} />
        ) : rows.length === 0 && pager.page === 1 && !page.data.cursor ? (
          <p className="text-sm text-slate-700">Nothing of this table is stored for {shown.underlying} in this range.</p>
        ) : (
          <DataTable
            caption={`${shown.underlying} ${tableLabel(shown.table)}, page ${pager.page}`}
            columns={columns}
            rows={rows}
            page={pager.page}
            hasNext={!!page.data.cursor}
            busy={page.isPlaceholderData}
            onPrevious={pager.previous}
            onNext={() => page.data.cursor && pager.next(page.data.cursor)}
            onDownload={() => downloadCsv(`${fileBase}-page${pager.page}.csv`, pageCsv(columns, rows))}
            rowKey={(r, i) => `${String(r.date ?? r.expiration ?? '')}-${String(r.contract ?? '')}-${i}`}
            {...rowAction(shown.table, {
              chart: showChart,
              contracts: (expiration) => setExpiry(expiration),
            })}
          />
        )}
      </section>

      {shown.table === 'chains' && expiry && (
        <ChainContracts key={expiry} underlying={shown.underlying} expiration={expiry} onChart={showChart} onClose={() => setExpiry(null)} />
      )}
    </div>
  );
}

/** The last cell of a row: the contracts of a chain, the chart of an option bar's contract. */
function rowAction(table: BrowsedTable, on: { chart: (contract: string) => void; contracts: (expiration: string) => void }) {
  const link = 'text-sm font-semibold text-brand-700 underline';
  if (table === 'chains')
    return {
      action: {
        label: 'Contracts',
        cell: (r: Row) => (
          <button type="button" className={link} onClick={() => on.contracts(String(r.expiration))} aria-label={`Contracts of ${String(r.expiration)}`}>
            Contracts
          </button>
        ),
      },
    };
  if (table === 'option-bars' || table === 'contracts') {
    const key = table === 'contracts' ? 'contract_ticker' : 'contract';
    return {
      action: {
        label: 'Chart',
        cell: (r: Row) => (
          <button type="button" className={link} onClick={() => on.chart(String(r[key]))} aria-label={`Chart ${String(r[key])}`}>
            Chart
          </button>
        ),
      },
    };
  }
  return {};
}

/** The contracts of one stored chain, a page at a time. */
function ChainContracts({
  underlying,
  expiration,
  onChart,
  onClose,
}: {
  underlying: string;
  expiration: string;
  onChart: (c: string) => void;
  onClose: () => void;
}) {
  const pager = usePager();
  const contracts = useChainContracts(underlying, expiration, { limit: DATA_PAGE_DEFAULT, cursor: pager.cursor });
  const rows = (contracts.data?.rows ?? []) as unknown as Row[];
  const columns = shownColumns('contracts', rows);
  return (
    <section aria-labelledby="contracts-h" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="contracts-h" className="text-lg font-semibold">
          {underlying} chain expiring {expiration}
        </h2>
        <button type="button" onClick={onClose} className="text-sm font-semibold text-brand-700 underline">
          Close
        </button>
      </div>
      {contracts.isPending ? (
        <Spinner label="Loading the contracts…" />
      ) : contracts.isError ? (
        <QueryError error={contracts.error} onRetry={() => void contracts.refetch()} retrying={contracts.isFetching} />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {plural(contracts.data.chain.contracts, 'contract')}; quotes as of{' '}
            {contracts.data.chain.asOf ? formatNewYorkTime(contracts.data.chain.asOf) : 'an unknown time'} ({contracts.data.chain.source},{' '}
            {contracts.data.chain.provider}).
          </p>
          <DataTable
            caption={`${underlying} options expiring ${expiration}, page ${pager.page}`}
            columns={columns}
            rows={rows}
            page={pager.page}
            hasNext={!!contracts.data.cursor}
            busy={contracts.isPlaceholderData}
            onPrevious={pager.previous}
            onNext={() => contracts.data.cursor && pager.next(contracts.data.cursor)}
            onDownload={() => downloadCsv(`${underlying}-chain-${expiration}-page${pager.page}.csv`, pageCsv(columns, rows))}
            rowKey={(r) => String(r.contract_ticker)}
            {...rowAction('contracts', { chart: onChart, contracts: () => undefined })}
          />
        </>
      )}
    </section>
  );
}
