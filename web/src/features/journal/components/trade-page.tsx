import { formatNumber, formatPercent, formatLevel } from '@shared/format/number';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatMoney, formatPnl } from '@shared/format/money';
import { agentNameInWords } from '@shared/agent/token';
import { formatShortDate } from '@shared/format/time';
import { newYorkDate } from '@shared/journal/trades';
import { lotsOf } from '@shared/journal/entry-analytics';
import { useJournalEntries, useJournalTrade, type JournalTrade } from '@web/api/journal';
import { ShareStrategyDialog } from '@web/components/community/share-strategy-dialog';
import { PayoffChart } from '@web/components/strategy/payoff-chart';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { EXIT_REASON_TEXT } from '../lib/figures';
import { EntryForm } from './entry-form';

/** /app/journal/trades/:tradeId — one journal trade: legs, entry analytics, payoff at entry with the exit, MFE/MAE, the reflection. */
export default function JournalTradePage() {
  const { tradeId = '' } = useParams();
  usePageMeta({ title: 'Journal trade', description: 'A trade in your journal.', path: `/app/journal/trades/${tradeId}`, noindex: true });
  const detail = useJournalTrade(tradeId);
  const entries = useJournalEntries('trade');
  if (detail.isPending) return <Spinner label="Loading the trade…" />;
  if (detail.isError)
    return (
      <div className="mx-auto max-w-3xl space-y-3">
        <QueryState query={detail} />
        <Link to="/app/journal" className="font-medium text-brand-800 underline">
          Back to the journal
        </Link>
      </div>
    );
  const { trade, entry } = detail.data;
  const tags = entries.data?.tags ?? { setup: [], mistakes: [] };
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <Link to="/app/journal" className="text-sm font-medium text-brand-800 underline">
        ← Journal
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            {trade.underlying} {trade.strategy}
          </h1>
          <p className="text-slate-700">
            {trade.strategySource === 'builder' ? 'Placed from the builder' : 'Recognised from its legs'} · opened{' '}
            {formatShortDate(newYorkDate(trade.openedAt))}
            {trade.closedAt ? ` · closed ${formatShortDate(newYorkDate(trade.closedAt))} (${EXIT_REASON_TEXT[trade.exitReason ?? 'closed']})` : ' · open'}
          </p>
          {trade.fillNote && <p className="text-sm text-amber-900">{trade.fillNote}</p>}
          {trade.agent && <p className="text-sm italic text-slate-600">{agentNameInWords(trade.agent)}</p>}
        </div>
        <div className="text-right">
          <p className="text-sm text-slate-600">{trade.status === 'closed' ? 'Realized P&L' : 'Realized so far (fees included)'}</p>
          <p className={`text-2xl font-bold ${pnlTone(trade.realizedPnl)}`} data-testid="trade-pnl">
            {formatPnl(trade.realizedPnl)}
          </p>
        </div>
      </header>
      {trade.status === 'closed' && <ShareTrade trade={trade} />}
      <Legs trade={trade} />
      <EntryAnalytics trade={trade} />
      <Payoff trade={trade} />
      <section aria-labelledby="reflect-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="reflect-h" className="mb-3 text-lg font-semibold text-slate-900">
          {entry ? 'Your reflection' : 'Reflect on this trade'}
        </h2>
        <EntryForm tradeId={trade.id} entry={entry} tags={tags} />
      </section>
    </div>
  );
}

function Legs({ trade }: { trade: JournalTrade }) {
  return (
    <section aria-labelledby="legs-h" className="overflow-x-auto rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="legs-h" className="font-semibold text-slate-900">
        Legs
      </h2>
      <table className="mt-2 w-full min-w-[36rem] text-sm">
        <thead>
          <tr className="text-left text-slate-600">
            <th className="py-1 font-medium">Leg</th>
            <th className="py-1 text-right font-medium">Qty</th>
            <th className="py-1 text-right font-medium">Fill</th>
            <th className="py-1 pl-4 font-medium">How it ended</th>
            <th className="py-1 text-right font-medium">P&L before fees</th>
          </tr>
        </thead>
        <tbody>
          {trade.legs.map((l) => {
            const pnl = l.closes.reduce((s, c) => s + c.pnl, 0);
            return (
              <tr key={l.contract} className="border-t border-slate-100 align-top">
                <td className="py-1.5 text-slate-900">
                  {l.side === 'buy' ? 'Long' : 'Short'} {l.underlying} {formatShortDate(l.expiration)} ${formatLevel(l.strike)} {l.optionType}
                </td>
                <td className="py-1.5 text-right">{l.quantity}</td>
                <td className="py-1.5 text-right">{formatMoney(l.openPrice)}</td>
                <td className="py-1.5 pl-4 text-slate-800">
                  {l.closes.length
                    ? l.closes.map((c, i) => (
                        <span key={i} className="block">
                          {EXIT_REASON_TEXT[c.reason]} {c.quantity} at {formatMoney(c.price)} on {formatShortDate(newYorkDate(c.at))}
                        </span>
                      ))
                    : null}
                  {l.open > 0 && <span className="block">{l.open} open</span>}
                </td>
                <td className={`py-1.5 text-right ${pnlTone(pnl)}`}>{l.closes.length ? formatMoney(pnl) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600">
        Commissions: {formatMoney(trade.legs.reduce((s, l) => s + l.openCommission + l.closes.reduce((t, c) => t + c.commission, 0), 0))} in all; the trade's
        P&L is the legs' P&L less every commission.
      </p>
    </section>
  );
}

function EntryAnalytics({ trade }: { trade: JournalTrade }) {
  const e = trade.entry;
  const greeks = e.greeks;
  const items: [string, string][] = [
    [e.netPremium >= 0 ? 'Net credit' : 'Net debit', formatMoney(Math.abs(e.netPremium))],
    ['Max profit', e.maxProfit === null ? 'Unlimited' : formatMoney(e.maxProfit)],
    ['Max loss (1R)', e.maxLoss === null ? 'Unlimited (no R)' : formatMoney(e.maxLoss)],
    ['Breakevens', e.breakevens.length ? e.breakevens.map((b) => `$${formatNumber(b)}`).join(', ') : '—'],
    ['Probability of profit', e.pop === null ? '—' : formatPercent(e.pop, 0)],
    ['Underlying at entry', e.underlyingPrice === null ? '—' : formatMoney(e.underlyingPrice)],
    ['IV at entry', e.iv === null ? '—' : formatPercent(e.iv, 1)],
    ['Days to expiry', String(e.dte)],
    ['Delta · Theta · Vega', greeks ? [greeks.delta, greeks.theta, greeks.vega].map((g) => formatNumber(g, { digits: 2, minDigits: 0 })).join(' · ') : '—'],
    ['MFE (best daily mark)', trade.mfe === null ? 'No daily mark yet' : formatMoney(trade.mfe)],
    ['MAE (worst daily mark)', trade.mae === null ? 'No daily mark yet' : formatMoney(trade.mae)],
  ];
  return (
    <section aria-labelledby="analytics-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="analytics-h" className="font-semibold text-slate-900">
        At entry
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="entry-analytics">
        {items.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{k}</dt>
            <dd className="font-medium text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">MFE and MAE come from end-of-day marks while the trade was open: they cannot see moves within a day.</p>
    </section>
  );
}

function Payoff({ trade }: { trade: JournalTrade }) {
  const e = trade.entry;
  if (e.underlyingPrice === null) return null;
  const { legs, lots } = lotsOf(
    trade.legs.map((l) => ({ contract: l.contract, side: l.side, quantity: l.quantity, price: l.openPrice, commission: l.openCommission, iv: l.iv })),
  );
  return (
    <section aria-labelledby="payoff-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="payoff-h" className="font-semibold text-slate-900">
        Payoff at entry{trade.status === 'closed' ? ', and where it ended' : ''}
      </h2>
      <PayoffChart
        legs={legs}
        spot={e.underlyingPrice}
        today={newYorkDate(trade.openedAt)}
        multiplier={lots}
        iv={e.iv}
        exit={trade.status === 'closed' ? { pnl: trade.realizedPnl, label: `Exit: ${formatPnl(trade.realizedPnl)}` } : undefined}
      />
    </section>
  );
}

/** A closed trade can be shared with the community: its legs relative to the price at entry, its result only if ticked. */
function ShareTrade({ trade }: { trade: JournalTrade }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-600 hover:bg-brand-50"
      >
        Share with the community
      </button>
      {open && (
        <ShareStrategyDialog
          source={{ kind: 'journal', journalTradeId: trade.id, strategyName: trade.strategy, underlying: trade.underlying }}
          onClose={() => setOpen(false)}
          onShared={(post) => navigate(`/app/community/posts/${post.id}`)}
        />
      )}
    </>
  );
}
