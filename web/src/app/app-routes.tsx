import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { PLANNED_PAGES } from '../features/placeholders/planned-pages';
import { RouteErrorScreen } from './errors/route-error-screen';
import { RequireAdmin } from './guards';
import {
  AdminMailPage,
  AdminPage,
  DataBrowserPage,
  DataManagerPage,
  AgentPage,
  BulkUploadPage,
  ChainPage,
  CommunityPostPage,
  CommunityReportsPage,
  CommunityRoute,
  ConstructionPage,
  DashboardPage,
  ExercisePage,
  JournalPage,
  ScreenerPage,
  ArbitragePage,
  VolatilityPage,
  JournalTradePage,
  GamificationProfilePage,
  PublicProfilePage,
  AchievementsPage,
  ChallengesPage,
  LeaderboardsPage,
  GamificationDemoPage,
  EventsPage,
  RegimePage,
  SentimentHeatmapPage,
  SentimentPage,
  FreeForeverPage,
  LearningPage,
  LessonPage,
  ModerationPage,
  OrdersPage,
  PortfolioPage,
  TradeTicketPage,
  TradingPage,
  BrokerConnectionsPage,
  TemplateLibraryPage,
  PlannedPageView,
  QuizPage,
  SettingsPage,
  ProfilePage,
  PredictionMarketsPage,
  PredictionMarketPage,
  WatchlistPage,
  CompetitionsPage,
  CompetitionSeasonPage,
  BacktestPage,
  AlertsPage,
  NotificationsPage,
  PriceChartPage,
} from './pages';

/** The shell's child routes below /app (spec part 1 §2, part 3 §2); later issues swap planned pages for real ones. */
export const appChildren: RouteObject[] = [
  // The index, /app itself, is in the route map from the start (router.tsx).
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'optionschain', element: <ChainPage inShell /> },
  { path: 'portfolio', element: <PortfolioPage /> },
  { path: 'orders', element: <OrdersPage /> },
  { path: 'trade', element: <TradeTicketPage /> },
  { path: 'trading', element: <TradingPage /> },
  { path: 'brokers', element: <BrokerConnectionsPage /> },
  { path: 'broker-connections', element: <BrokerConnectionsPage /> },
  { path: 'templates', element: <TemplateLibraryPage route="templates" /> },
  { path: 'strategy-templates', element: <TemplateLibraryPage route="strategy-templates" /> },
  { path: 'strategies', element: <TemplateLibraryPage route="strategies" /> },
  { path: 'option-chain', element: <ChainPage inShell /> },
  {
    path: 'admin',
    element: (
      <RequireAdmin>
        <AdminPage area="admin" />
      </RequireAdmin>
    ),
  },
  {
    path: 'config',
    element: (
      <RequireAdmin>
        <AdminPage area="config" />
      </RequireAdmin>
    ),
  },
  {
    path: 'data',
    element: (
      <RequireAdmin>
        <DataBrowserPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'data-manager',
    element: (
      <RequireAdmin>
        <DataManagerPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'bulk-upload',
    element: (
      <RequireAdmin>
        <BulkUploadPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'admin/testimonials',
    element: (
      <RequireAdmin>
        <ModerationPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'admin/mail',
    element: (
      <RequireAdmin>
        <AdminMailPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'admin/community',
    element: (
      <RequireAdmin>
        <CommunityReportsPage />
      </RequireAdmin>
    ),
  },
  { path: 'community', element: <CommunityRoute /> },
  { path: 'community/posts/:postId', element: <CommunityPostPage /> },
  { path: 'subscription', element: <FreeForeverPage inShell /> },
  { path: 'construction', element: <ConstructionPage /> },
  { path: 'learning', element: <LearningPage /> },
  { path: 'learning/:moduleId/quiz', element: <QuizPage /> },
  { path: 'learning/:moduleId/exercise', element: <ExercisePage /> },
  { path: 'learning/:moduleId', element: <LessonPage /> },
  { path: 'learning/:moduleId/:lessonId', element: <LessonPage /> },
  { path: 'journal', element: <JournalPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'people/:publicId', element: <PublicProfilePage /> },
  { path: 'journal/trades/:tradeId', element: <JournalTradePage /> },
  { path: 'gamification/profile', element: <GamificationProfilePage /> },
  { path: 'gamification/achievements', element: <AchievementsPage /> },
  { path: 'gamification/challenges', element: <ChallengesPage /> },
  { path: 'gamification/leaderboards', element: <LeaderboardsPage /> },
  { path: 'competitions', element: <CompetitionsPage /> },
  { path: 'competitions/:seasonId', element: <CompetitionSeasonPage /> },
  { path: 'gamification/demo', element: <GamificationDemoPage path="/app/gamification/demo" /> },
  { path: 'demo', element: <GamificationDemoPage path="/app/demo" /> },
  { path: 'screener', element: <ScreenerPage /> },
  { path: 'arbitrage', element: <ArbitragePage /> },
  { path: 'analytics', element: <VolatilityPage /> },
  { path: 'sentiment', element: <SentimentPage /> },
  { path: 'sentiment-heatmap', element: <SentimentHeatmapPage /> },
  { path: 'events', element: <EventsPage /> },
  { path: 'regime', element: <RegimePage /> },
  { path: 'charts', element: <Navigate to="/app/charts/SPY" replace /> },
  { path: 'charts/:ticker', element: <PriceChartPage /> },
  { path: 'agent', element: <AgentPage /> },
  { path: 'prediction-markets', element: <PredictionMarketsPage /> },
  { path: 'prediction-markets/:marketId', element: <PredictionMarketPage /> },
  { path: 'watchlist', element: <WatchlistPage /> },
  { path: 'backtest', element: <BacktestPage /> },
  { path: 'alerts', element: <AlertsPage /> },
  { path: 'notifications', element: <NotificationsPage /> },
  ...PLANNED_PAGES.map((p) => ({ path: p.path, element: <PlannedPageView path={p.path} /> })),
  // Spec part 3 §2: any unknown /app path goes to the landing page.
  { path: '*', element: <Navigate to="/" replace /> },
];

/**
 * What the router adds under /app on the first visit there (router.tsx, appRouteDiscovery): every page of the shell,
 * and an error screen that replaces only the page when one fails, not the navigation.
 */
export const appRoutes: RouteObject[] = [{ errorElement: <RouteErrorScreen inShell />, children: appChildren }];
