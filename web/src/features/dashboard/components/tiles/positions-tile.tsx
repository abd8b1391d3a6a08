import { formatMoney, formatPnl } from '@shared/format/money';
import { expiryOutlook, newYorkToday } from '@shared/home/expiry-outlook';
import { describe } from '@shared/paper/describe';
import type { PortfolioView } from '@web/api/paper-account';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { EmptyState, Tile } from '../tile';
import type { QueryLike } from '@web/components/query-state';

type Query<T> = QueryLike<T>;

/**
 * Open positions, the ones expiring this trading week first and flagged, each with what happens at its expiry if the
 * learner does nothing (shared/home/expiry-outlook.ts). Read from the portfolio the account tile already asked for.
 */
export function PositionsTile({ portfolio, now = new Date() }: { portfolio: Query<PortfolioView | null>; now?: Date }) {
  const today = newYorkToday(now);
  const rows = (portfolio.data?.positions ?? [])
    .map((p) => ({ p, outlook: expiryOutlook(p, today) }))
    .sort(
      (a, b) =>
        Number(b.outlook?.expiresThisWeek ?? false) - Number(a.outlook?.expiresThisWeek ?? false) ||
        (a.p.expiration ?? '~').localeCompare(b.p.expiration ?? '~'),
    );
  const thisWeek = rows.filter((r) => r.outlook?.expiresThisWeek).length;
  return (
    <Tile id="positions" title="Open positions" to="/app/portfolio" linkLabel="All positions" query={portfolio}>
      {portfolio.data === null ? (
        <EmptyState
          text="Positions you open with paper trades show here, with the ones expiring this week flagged."
          action="Open your paper account"
          to="/app/portfolio"
        />
      ) : rows.length === 0 ? (
        <EmptyState
          text="No open positions. Pick a strategy from the templates or buy a contract from the options chain."
          action="Open the options chain"
          to="/app/optionschain"
        />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {rows.length} open · <strong>{thisWeek}</strong> expiring this week
          </p>
          <ul className="mt-2 divide-y divide-slate-100">
            {rows.slice(0, 6).map(({ p, outlook }) => (
              <li key={p.symbol} className="py-2 text-sm" data-testid="dashboard-position">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="min-w-0 font-medium text-slate-900">
                    {p.quantity > 0 ? '' : '−'}
                    {Math.abs(p.quantity)} × {describe(p.symbol)}
                  </span>
                  <span className={`tabular-nums ${pnlTone(p.unrealizedPnl)}`}>{formatPnl(p.unrealizedPnl)}</span>
                </div>
                {outlook?.expiresThisWeek && (
                  <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Expires this week</span>
                )}
                {outlook && <p className="mt-1 text-xs text-slate-600">{outlook.text}</p>}
                {!outlook && <p className="mt-1 text-xs text-slate-600">Value {formatMoney(p.marketValue)}</p>}
              </li>
            ))}
          </ul>
          {rows.length > 6 && <p className="mt-1 text-xs text-slate-600">and {rows.length - 6} more on the portfolio page</p>}
        </>
      )}
    </Tile>
  );
}
