import { Link } from 'react-router-dom';
import { formatMoney, formatPnl } from '@shared/format/money';
import { formatNewYorkTime } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { CompetitionAccountView, CompetitionTrade } from '@web/api/competition-account';
import { buttonClass } from '@web/components/ui/button';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { builderHref, planText } from '../lib/describe';
import { PlanForm } from './plan-form';

/**
 * The learner's competition account in the season: its figures, the way into the builder with this account chosen,
 * its positions by strategy, its open orders, and each trade with its plan, or the form to write one until it closes.
 */
export function AccountSection({ account: a }: { account: CompetitionAccountView }) {
  // Orders are taken from the first trading day until the close; plans are written until then too.
  const running = a.season.status === 'running';
  const open = a.season.status !== 'closed';
  return (
    <section aria-labelledby="account-h" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="account-h" className="text-lg font-semibold text-slate-900">
            Your competition account
          </h2>
          <p className="text-sm text-slate-700">
            {a.name}. Separate from your paper account; as of {formatNewYorkTime(a.account.asOf)}.
          </p>
        </div>
        {running && (
          <Link to={builderHref(a.accountId)} className={buttonClass('primary')}>
            Trade in the builder
          </Link>
        )}
      </div>
      {a.season.status === 'upcoming' && (
        <p className="text-sm text-slate-700">Orders are accepted from the season&apos;s first trading day until it closes.</p>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Tile label="Equity" value={formatMoney(a.account.equity)} />
        <Tile label="Cash" value={formatMoney(a.account.cash)} />
        <Tile label="Buying power" value={formatMoney(a.account.buyingPower)} />
        <Tile label="Realized P&L" value={formatPnl(a.account.realizedPnl)} tone={pnlTone(a.account.realizedPnl)} />
      </dl>

      <div className="space-y-2">
        <h3 id="positions-h" className="font-semibold text-slate-900">
          Positions by strategy
        </h3>
        {a.strategies.length === 0 ? (
          <p className="text-sm text-slate-700">No open positions.</p>
        ) : (
          <ScrollRegion labelledBy="positions-h">
            <table className="w-full min-w-[28rem] text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Strategy
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Legs
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    Value
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Unrealized P&amp;L
                  </th>
                </tr>
              </thead>
              <tbody>
                {a.strategies.map((s) => (
                  <tr key={s.id} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                      {s.name}
                    </th>
                    <td className="py-1.5 pr-2">{plural(s.symbols.length, 'leg')}</td>
                    <td className="py-1.5 pr-2 text-right tabular-nums">{formatMoney(s.marketValue)}</td>
                    <td className={`py-1.5 text-right tabular-nums ${pnlTone(s.unrealizedPnl)}`}>{formatPnl(s.unrealizedPnl)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">Open orders</h3>
        {a.openOrders.length === 0 ? (
          <p className="text-sm text-slate-700">No orders waiting to fill.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {a.openOrders.map((o) => (
              <li key={o.orderId} className="rounded-lg bg-slate-50 px-3 py-2">
                {o.strategy ?? plural(o.legs.length, 'leg')} · {o.type === 'limit' && o.limitPrice !== null ? `limit ${formatMoney(o.limitPrice)}` : 'market'} ·
                placed {formatNewYorkTime(o.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">Trades and plans</h3>
        <p className="text-sm text-slate-800" data-testid="plan-count">
          {planText(a.planned)}
        </p>
        {a.trades.length > 0 && (
          <ul className="space-y-3">
            {a.trades.map((t) => (
              <TradeItem key={t.id} seasonId={a.seasonId} trade={t} canWrite={open && t.closedAt === null} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Tile({ label, value, tone = 'text-slate-900' }: { label: string; value: string; tone?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`font-bold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

function TradeItem({ seasonId, trade: t, canWrite }: { seasonId: string; trade: CompetitionTrade; canWrite: boolean }) {
  const headingId = `trade-${t.id}`;
  return (
    <li className="break-words rounded-lg border border-slate-200 p-3" aria-labelledby={headingId} data-testid={`trade-${t.id}`}>
      <h4 id={headingId} className="font-semibold text-slate-900">
        {t.underlying} {t.strategy}
      </h4>
      <p className="text-sm text-slate-700">
        Opened {formatNewYorkTime(t.openedAt)}
        {t.closedAt ? ` · closed ${formatNewYorkTime(t.closedAt)}` : ' · open'} · max loss {t.maxLoss === null ? 'unlimited' : formatMoney(t.maxLoss)} ·
        realized <span className={pnlTone(t.realizedPnl)}>{formatPnl(t.realizedPnl)}</span>
      </p>
      {t.plan ? (
        <div className="mt-2 text-sm">
          <p className="font-medium text-slate-900">
            {t.hasPlan ? '✓ Plan written' : 'Plan incomplete: it needs a thesis and a planned exit, written before the trade closed'}
          </p>
          <p className="text-slate-800">
            <span className="font-medium">Thesis:</span> {t.plan.thesis || '—'}
          </p>
          <p className="text-slate-800">
            <span className="font-medium">Planned exit:</span>{' '}
            {[
              t.plan.plannedExit.profitTargetPct !== null ? `take profit at ${t.plan.plannedExit.profitTargetPct}% of the most it can make` : null,
              t.plan.plannedExit.stop ? `stop: ${t.plan.plannedExit.stop}` : null,
              t.plan.plannedExit.time ? `time: ${t.plan.plannedExit.time}` : null,
            ]
              .filter(Boolean)
              .join('; ') || '—'}
          </p>
          {canWrite && <PlanForm seasonId={seasonId} trade={t} editing />}
        </div>
      ) : canWrite ? (
        <PlanForm seasonId={seasonId} trade={t} />
      ) : (
        <p className="mt-2 text-sm font-medium text-slate-900">No plan: it closed without one.</p>
      )}
    </li>
  );
}
