import { agentNameInWords } from '@shared/agent/token';
import { formatCount } from '@shared/format/number';
import { plural } from '@shared/format/words';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatMoney } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import { JOURNAL_ACCOUNTS, newYorkDate, type JournalAccount } from '@shared/journal/trades';
import { useAccounts } from '@web/api/paper-account';
import { getExport, useDeleteEntry, useJournalEntries, useJournalStats, useJournalTrades, type JournalFilter, type TradeSummary } from '@web/api/journal';
import { Button } from '@web/components/ui/button';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { EXIT_REASON_TEXT, FREE_KIND_TEXT } from '../lib/figures';
import { EntryForm } from './entry-form';
import { StatsPanel } from './stats-panel';

/** How each journal account is named (the account selector's names). */
const ACCOUNT_TEXT: Record<JournalAccount, string> = { paper: 'Paper Trading', 'alpaca-paper': 'Alpaca Paper', 'alpaca-live': 'Alpaca Live' };

const TABS = [
  { id: 'trades', label: 'Trades' },
  { id: 'stats', label: 'Statistics' },
  { id: 'entries', label: 'Entries' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** /app/journal — the trading journal (issue 18): trades to reflect on, statistics, free entries, export. */
export default function JournalPage() {
  usePageMeta({
    title: 'Journal',
    description: 'Your trading journal: every paper trade, your reflections, and honest statistics.',
    path: '/app/journal',
    noindex: true,
  });
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.id === params.get('tab')) ? (params.get('tab') as Tab) : 'trades';
  const setTab = (t: Tab) => setParams((p) => (p.set('tab', t), p), { replace: true });
  const closed = useJournalTrades({ status: 'closed', limit: 100 });
  const toReflect = closed.data?.toReflect ?? 0;
  // The learner's accounts: the paper account, and any connected Alpaca account (issue 21), whose trades are journaled apart.
  const accountIds = (useAccounts().data?.accounts ?? []).map((a) => a.id);
  const accounts = JOURNAL_ACCOUNTS.filter((a) => a === 'paper' || accountIds.includes(a));
  const account: JournalAccount = JOURNAL_ACCOUNTS.find((a) => a === params.get('account')) ?? 'paper';
  const setAccount = (a: JournalAccount) => setParams((p) => (a === 'paper' ? p.delete('account') : p.set('account', a), p), { replace: true });

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Journal</h1>
          <p className="text-slate-700">
            Every paper trade lands here by itself. Reviewing why you entered, how you managed it and what you learned is how a trader improves.
          </p>
          {closed.data && (
            <p className="font-medium text-slate-900" data-testid="to-reflect">
              {toReflect === 0 ? 'Every closed trade has a reflection.' : `${plural(toReflect, 'trade')} to reflect on`}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {(accounts.length > 1 || account !== 'paper') && (
            <label className="text-sm font-medium text-slate-800">
              Account
              <select
                className="mt-1 block rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
                value={account}
                onChange={(e) => setAccount(e.target.value as JournalAccount)}
              >
                {[...new Set([...accounts, account])].map((a) => (
                  <option key={a} value={a}>
                    {ACCOUNT_TEXT[a]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <ExportButtons />
        </div>
      </header>
      <div role="tablist" aria-label="Journal" className="flex gap-1 border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            type="button"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === t.id ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab === 'trades' ? <TradesTab account={account} /> : tab === 'stats' ? <StatsTab account={account} /> : <EntriesTab />}</div>
    </div>
  );
}

function ExportButtons() {
  const [error, setError] = useState<string | null>(null);
  const download = async (kind: 'trades' | 'entries') => {
    setError(null);
    try {
      const text = await getExport(kind);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `journal-${kind}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={() => void download('trades')}>
        Export trades (CSV)
      </Button>
      <Button variant="secondary" onClick={() => void download('entries')}>
        Export entries (CSV)
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function TradesTab({ account }: { account: JournalAccount }) {
  const open = useJournalTrades({ status: 'open', limit: 100, account });
  const closed = useJournalTrades({ status: 'closed', limit: 100, account });
  return (
    <div className="space-y-6">
      <section aria-labelledby="open-h" className="space-y-2">
        <h2 id="open-h" className="text-lg font-semibold text-slate-900">
          Open trades
        </h2>
        <QueryState query={open} pendingLabel="Loading open trades…">
          {(d) => (
            <TradeList trades={d.trades} empty="No open trades. Place a paper trade from the strategy builder or the chain; it appears here by itself." />
          )}
        </QueryState>
      </section>
      <section aria-labelledby="closed-h" className="space-y-2">
        <h2 id="closed-h" className="text-lg font-semibold text-slate-900">
          Closed trades
        </h2>
        <QueryState query={closed} pendingLabel="Loading closed trades…">
          {(d) => <TradeList trades={d.trades} empty="No closed trades yet." />}
        </QueryState>
        {closed.data && closed.data.total > closed.data.trades.length && (
          <p className="text-sm text-slate-600">
            The {closed.data.trades.length} latest of {closed.data.total}; the CSV export has them all.
          </p>
        )}
      </section>
    </div>
  );
}

export function TradeList({ trades, empty }: { trades: readonly TradeSummary[]; empty: string }) {
  if (!trades.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200" data-testid="trade-list">
      {trades.map((t) => (
        <li key={t.id}>
          <Link
            to={`/app/journal/trades/${t.id}`}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50"
            data-testid="trade-row"
          >
            <span className="min-w-0">
              <span className="font-semibold text-slate-900">
                {t.underlying} {t.strategy}
              </span>
              <span className="block text-sm text-slate-600">
                {plural(t.legs, 'leg')} · opened {formatShortDate(newYorkDate(t.openedAt))}
                {t.date ? ` · closed ${formatShortDate(t.date)} · ${EXIT_REASON_TEXT[t.exitReason ?? 'closed']}` : ''}
              </span>
              {t.agent && (
                <span className="block text-xs italic text-slate-600" data-testid="trade-agent">
                  {agentNameInWords(t.agent)}
                </span>
              )}
            </span>
            <span className="flex items-center gap-3">
              {t.status === 'closed' && <span className={`font-semibold ${pnlTone(t.pnl)}`}>{formatMoney(t.pnl)}</span>}
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${t.reflected ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
              >
                {t.reflected ? 'Reflected' : 'To reflect on'}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function StatsTab({ account }: { account: JournalAccount }) {
  const [filters, setFilter] = useState<JournalFilter>({});
  const filter = { ...filters, account };
  const [day, setDay] = useState<string | null>(null);
  const stats = useJournalStats(filter);
  const dayTrades = useJournalTrades({ status: 'closed', date: day ?? undefined, limit: 100, ...filter });
  const set = (k: keyof JournalFilter) => (v: string) => setFilter((f) => ({ ...f, [k]: v || undefined }));
  const strategies = stats.data?.byStrategy.map((s) => s.strategy) ?? [];
  return (
    <div className="space-y-4">
      <form
        className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-3 lg:grid-cols-6"
        aria-label="Filters"
        onSubmit={(e) => e.preventDefault()}
      >
        <Filter label="From" type="date" value={filter.from} onChange={set('from')} />
        <Filter label="To" type="date" value={filter.to} onChange={set('to')} />
        <label className="text-sm font-medium text-slate-800">
          Strategy
          <select
            className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
            value={filter.strategy ?? ''}
            onChange={(e) => set('strategy')(e.target.value)}
          >
            <option value="">All</option>
            {[...new Set([...strategies, ...(filter.strategy ? [filter.strategy] : [])])].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <Filter label="Underlying" value={filter.underlying} onChange={(v) => set('underlying')(v.toUpperCase())} placeholder="SPY" />
        <Filter label="Setup tag" value={filter.tag} onChange={set('tag')} />
        <Filter label="Mistake tag" value={filter.mistake} onChange={set('mistake')} />
        <p className="col-span-2 text-xs text-slate-600 sm:col-span-3 lg:col-span-6">
          {ACCOUNT_TEXT[account]} trades only: each account’s trades never mix with another’s.
        </p>
      </form>
      <QueryState query={stats} pendingLabel="Loading the statistics…">
        {(d) => <StatsPanel stats={d} selectedDay={day} onSelectDay={setDay} />}
      </QueryState>
      {day && (
        <section aria-labelledby="day-h" className="space-y-2" data-testid="day-trades">
          <h3 id="day-h" className="font-semibold text-slate-900">
            Trades closed on {formatShortDate(day)}
          </h3>
          {dayTrades.data ? <TradeList trades={dayTrades.data.trades} empty="No trades closed that day in this filter." /> : <Spinner label="Loading…" />}
        </section>
      )}
    </div>
  );
}

function Filter({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
}: {
  label: string;
  value?: string;
  onChange: (v: string) => void;
  type?: string;
  placeholder?: string;
}) {
  return (
    <label className="text-sm font-medium text-slate-800">
      {label}
      <input
        type={type}
        className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
        value={value ?? ''}
        placeholder={placeholder}
        maxLength={40}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function EntriesTab() {
  const entries = useJournalEntries();
  const remove = useDeleteEntry();
  const [writing, setWriting] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  if (entries.isPending || entries.isError) return <QueryState query={entries} pendingLabel="Loading entries…" />;
  const { count, limit, tags } = entries.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {count} of {formatCount(limit)} entries. Free entries: a plan for the day, a weekly review, a note.
        </p>
        {!writing && <Button onClick={() => setWriting(true)}>New entry</Button>}
      </div>
      {writing && (
        <section aria-labelledby="new-entry-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="new-entry-h" className="mb-3 font-semibold text-slate-900">
            New entry
          </h2>
          <EntryForm tradeId={null} entry={null} tags={tags} onSaved={() => setWriting(false)} />
        </section>
      )}
      {entries.data.entries.length === 0 ? (
        <p className="text-sm text-slate-600">No entries yet.</p>
      ) : (
        <ul className="space-y-2" data-testid="entry-list">
          {entries.data.entries.map((e) => (
            <li key={e.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">
                  {FREE_KIND_TEXT[e.kind]} · {formatShortDate(e.date)}
                  {e.title ? ` · ${e.title}` : ''}
                  {e.agent && <span className="block text-xs font-normal italic text-slate-600">added by agent &apos;{e.agent}&apos;</span>}
                </p>
                <span className="flex items-center gap-2">
                  {e.xpAwarded && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">+25 XP</span>}
                  {e.tradeId && (
                    <Link className="text-sm font-medium text-brand-800 underline" to={`/app/journal/trades/${e.tradeId}`}>
                      Open the trade
                    </Link>
                  )}
                  {/* A trade's entry is edited on its trade's page; a free entry here. */}
                  {!e.tradeId && editing !== e.id && (
                    <Button variant="secondary" onClick={() => setEditing(e.id)}>
                      Edit
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    disabled={remove.isPending}
                    onClick={() => {
                      // Nothing a learner writes is lost by one stray click.
                      if (window.confirm('Delete this journal entry? Its text cannot be recovered.')) remove.mutate(e.id);
                    }}
                  >
                    Delete
                  </Button>
                </span>
              </div>
              {editing === e.id ? (
                <div className="mt-3">
                  <EntryForm tradeId={null} entry={e} tags={tags} onSaved={() => setEditing(null)} />
                  <Button variant="secondary" className="mt-2" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <>
                  {e.thesis && <p className="mt-1 text-sm text-slate-800">Thesis: {e.thesis}</p>}
                  {e.lesson && <p className="mt-1 text-sm text-slate-800">Lesson: {e.lesson}</p>}
                  {e.body && <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{e.body}</p>}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
