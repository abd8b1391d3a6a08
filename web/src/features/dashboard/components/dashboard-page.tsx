import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { useGamificationState } from '@web/api/gamification';
import { useJournalTrades } from '@web/api/journal';
import { useLearningModules } from '@web/api/learning';
import { useQuotes } from '@web/api/market';
import { useAccounts, useOrders, usePortfolio } from '@web/api/paper-account';
import { usePageMeta } from '@web/lib/page-meta';
import { useMe } from '@web/api/me';
import { useWatchlist } from '@web/api/watchlist';
import { AccountTile } from './tiles/account-tile';
import { JournalTile } from './tiles/journal-tile';
import { LearningTile } from './tiles/learning-tile';
import { MarketTile } from './tiles/market-tile';
import { OrdersTile } from './tiles/orders-tile';
import { PositionsTile } from './tiles/positions-tile';
import { ProgressTile } from './tiles/progress-tile';
import { WatchlistTile } from './tiles/watchlist-tile';

/**
 * The learner's home (issue 20): what matters today, one request per tile at most, all started together on the first
 * render (TanStack runs each hook's query at once), so the slowest tile sets the time, not their sum. Each tile shows
 * its own loading and failure, links to its page, and tells a new learner what to do first.
 */
export function DashboardPage() {
  usePageMeta({ title: 'Dashboard', description: 'Your Options Academy dashboard.', path: '/app', noindex: true });
  const me = useMe();
  const portfolio = usePortfolio();
  const accounts = useAccounts();
  const orders = useOrders('open');
  const game = useGamificationState();
  const modules = useLearningModules();
  const trades = useJournalTrades({ status: 'closed', limit: 20 });
  const quotes = useQuotes(TRACKED_UNDERLYINGS);
  const watchlist = useWatchlist();
  const hasAccount = portfolio.data !== null && portfolio.data !== undefined;
  const newLearner = portfolio.data === null && modules.data?.modules.every((m) => m.lessons.every((l) => !l.completed));

  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{me.data ? `Welcome, ${me.data.user.displayName}` : 'Welcome'}</h1>
        <p className="mt-1 text-slate-700">
          {newLearner
            ? 'Start here: open a paper account with virtual money, then take your first lesson.'
            : 'What matters today in your practice account and your learning.'}
          {me.data?.user.email && (
            <span className="sr-only">
              {' '}
              Signed in as <span data-testid="me-email">{me.data.user.email}</span>
            </span>
          )}
        </p>
      </header>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <AccountTile portfolio={portfolio} accounts={accounts} />
        <LearningTile modules={modules} />
        <ProgressTile state={game} />
        <PositionsTile portfolio={portfolio} />
        <OrdersTile orders={orders} hasAccount={hasAccount} />
        <JournalTile trades={trades} />
        <MarketTile quotes={quotes} />
        <WatchlistTile watchlist={watchlist} />
      </div>
    </div>
  );
}
