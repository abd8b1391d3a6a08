import { formatMoney, formatPnl } from '@shared/format/money';
import type { AccountSummary, PortfolioView } from '@web/api/paper-account';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { EmptyState, Figure, Tile } from '../tile';
import type { QueryLike } from '@web/components/query-state';

type Query<T> = QueryLike<T>;

/**
 * The paper account's equity, day P&L and buying power (GET /api/portfolio, shared with the positions tile), and a
 * connected Alpaca account's equity beside it (GET /api/accounts, the selector's own list: no extra call to Alpaca).
 */
export function AccountTile({ portfolio, accounts }: { portfolio: Query<PortfolioView | null>; accounts: Query<{ accounts: AccountSummary[] }> }) {
  const live = (accounts.data?.accounts ?? []).filter((a) => a.mode === 'live' && a.isConnected);
  const account = portfolio.data?.account;
  return (
    <Tile id="account" title="Paper account" to="/app/portfolio" linkLabel="Portfolio" query={portfolio}>
      {!account ? (
        <EmptyState
          text="You have no paper account yet. Open one with virtual money ($10,000, $25,000 or $100,000) to place your first practice trade."
          action="Open your paper account"
          to="/app/portfolio"
        />
      ) : (
        <dl className="space-y-1">
          <Figure label="Equity" value={formatMoney(account.equity)} testId="paper-equity" />
          <Figure label="Day P&L" value={formatPnl(account.dayPnl)} tone={pnlTone(account.dayPnl)} testId="paper-day-pnl" />
          <Figure label="Buying power" value={formatMoney(account.buyingPower)} testId="paper-buying-power" />
        </dl>
      )}
      {live.length > 0 && (
        <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3" aria-label="Live accounts">
          {live.map((a) => (
            <Figure
              key={a.id}
              label={`${a.displayName} equity (${a.broker ?? 'broker'}, last sync)`}
              value={formatMoney(a.balance)}
              testId={`live-equity-${a.id}`}
            />
          ))}
        </dl>
      )}
    </Tile>
  );
}
