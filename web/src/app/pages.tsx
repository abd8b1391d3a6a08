import { displayName } from '@shared/users/profile';
import { useAuth } from '../features/auth/hooks/auth-context';
import { lazyPage } from './lazy-page';

/**
 * Every page of the shell (/app), loaded lazily with the retry policy (lazy-page.ts); the pages outside it are in
 * public-pages.tsx. Pages that need who is signed in get it from here, so features do not import the auth feature.
 */
export { ChainPage, DashboardPage, FreeForeverPage } from './public-pages';
export const ProfilePage = lazyPage(() => import('../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })));
export const PublicProfilePage = lazyPage(() => import('../features/profile/components/public-profile-page').then((m) => ({ default: m.PublicProfilePage })));
export const SettingsPage = lazyPage(() => import('../features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })));
export const AdminMailPage = lazyPage(() => import('../features/admin/components/mail-page').then((m) => ({ default: m.MailPage })));
export const AdminPage = lazyPage(() => import('../features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })));
export const DataBrowserPage = lazyPage(() => import('../features/data-browser/components/data-browser-page'));
export const DataManagerPage = lazyPage(() => import('../features/data-manager/components/data-manager-page').then((m) => ({ default: m.DataManagerPage })));
export const BulkUploadPage = lazyPage(() => import('../features/bulk-upload/components/bulk-upload-page').then((m) => ({ default: m.BulkUploadPage })));
export const PlannedPageView = lazyPage(() => import('../features/placeholders/components/planned-page').then((m) => ({ default: m.PlannedPageView })));
export const ConstructionPage = lazyPage(() => import('../features/placeholders/components/construction-page').then((m) => ({ default: m.ConstructionPage })));
export const PortfolioPage = lazyPage(() => import('../features/trading/components/portfolio-page'));
export const OrdersPage = lazyPage(() => import('../features/trading/components/orders-page'));
export const TradeTicketPage = lazyPage(() => import('../features/trading/components/trade-ticket-page'));
export const TradingPage = lazyPage(() => import('../features/strategy/components/trading-page'));
export const AgentPage = lazyPage(() => import('../features/agent/components/agent-page'));
export const BrokerConnectionsPage = lazyPage(() => import('../features/brokers/components/broker-connections-page'));
export const TemplateLibraryPage = lazyPage(() => import('../features/strategy/components/template-library-page'));
export const LearningPage = lazyPage(() => import('../features/learning/components/learning-page'));
export const LessonPage = lazyPage(() => import('../features/learning/components/lesson-page'));
export const QuizPage = lazyPage(() => import('../features/learning/components/quiz-page'));
export const ExercisePage = lazyPage(() => import('../features/learning/components/exercise-page'));
export const ScreenerPage = lazyPage(() => import('../features/analysis/screener/screener-page'));
export const ArbitragePage = lazyPage(() => import('../features/analysis/arbitrage/arbitrage-page'));
export const VolatilityPage = lazyPage(() => import('../features/analysis/volatility/volatility-page'));
export const SentimentPage = lazyPage(() => import('../features/analysis/sentiment/sentiment-page'));
export const SentimentHeatmapPage = lazyPage(() => import('../features/analysis/heatmap/heatmap-page'));
export const EventsPage = lazyPage(() => import('../features/analysis/events/events-page'));
export const RegimePage = lazyPage(() => import('../features/analysis/regime/regime-page'));
export const PriceChartPage = lazyPage(() => import('../features/analysis/charts/chart-page'));
export const JournalPage = lazyPage(() => import('../features/journal/components/journal-page'));
export const GamificationProfilePage = lazyPage(() => import('../features/gamification/components/profile-page'));
export const AchievementsPage = lazyPage(() => import('../features/gamification/components/achievements-page'));
export const ChallengesPage = lazyPage(() => import('../features/gamification/components/challenges-page'));
export const LeaderboardsPage = lazyPage(() => import('../features/gamification/components/leaderboards-page'));
export const GamificationDemoPage = lazyPage(() => import('../features/gamification/components/demo-page'));
export const PredictionMarketsPage = lazyPage(() => import('../features/prediction-markets/components/prediction-markets-page'));
export const PredictionMarketPage = lazyPage(() => import('../features/prediction-markets/components/market-page'));
export const CompetitionsPage = lazyPage(() => import('../features/competitions/components/competitions-page'));
export const CompetitionSeasonPage = lazyPage(() => import('../features/competitions/components/season-page'));
export const BacktestPage = lazyPage(() => import('../features/backtest/components/backtest-page'));
export const WatchlistPage = lazyPage(() => import('../features/watchlist/components/watchlist-page'));
export const AlertsPage = lazyPage(() => import('../features/alerts/components/alerts-page'));
export const NotificationsPage = lazyPage(() => import('../features/alerts/components/notifications-page'));
export const JournalTradePage = lazyPage(() => import('../features/journal/components/trade-page'));
export const CommunityPostPage = lazyPage(() => import('../features/community/components/post-page').then((m) => ({ default: m.PostPage })));
export const CommunityReportsPage = lazyPage(() => import('../features/community/components/reports-page').then((m) => ({ default: m.ReportsPage })));
export const ModerationPage = lazyPage(() => import('../features/community/components/moderation-page').then((m) => ({ default: m.ModerationPage })));
const LazyCommunityPage = lazyPage(() => import('../features/community/components/community-page').then((m) => ({ default: m.CommunityPage })));

export function CommunityRoute() {
  const { state } = useAuth();
  const name = state.status === 'signedIn' ? displayName(state.user.name, state.user.email) : '';
  // A first name is the suggestion; the learner may show any name they like.
  return <LazyCommunityPage suggestedName={name.split(/\s+/)[0] ?? ''} />;
}
