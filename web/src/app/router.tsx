import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PLANNED_PAGES } from '../features/placeholders/planned-pages';
import { RouteErrorScreen } from './errors/route-error-screen';
import { PublicChainRoute, RequireAdmin, RequireAuth } from './guards';
import { NotFoundPage } from './not-found-page';
import {
  AdminPage,
  AuthPage,
  ChainPage,
  CommunityPostPage,
  CommunityReportsPage,
  CommunityRoute,
  ComingSoonRoute,
  ConstructionPage,
  DashboardPage,
  DisclaimerPage,
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
  LandingRoute,
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
  PrivacyPage,
  QuizPage,
  SettingsPage,
  ProfilePage,
  SubscriptionSuccessPage,
  TermsPage,
} from './pages';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { AppShell } from './shell/app-shell';

/** The shell's child routes (spec part 1 §2, part 3 §2); later issues swap planned pages for real ones. */
export const appChildren: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
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
    path: 'admin/testimonials',
    element: (
      <RequireAdmin>
        <ModerationPage />
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
  { path: 'gamification/demo', element: <GamificationDemoPage path="/app/gamification/demo" /> },
  { path: 'demo', element: <GamificationDemoPage path="/app/demo" /> },
  { path: 'screener', element: <ScreenerPage /> },
  { path: 'arbitrage', element: <ArbitragePage /> },
  { path: 'analytics', element: <VolatilityPage /> },
  { path: 'sentiment', element: <SentimentPage /> },
  { path: 'sentiment-heatmap', element: <SentimentHeatmapPage /> },
  { path: 'events', element: <EventsPage /> },
  { path: 'regime', element: <RegimePage /> },
  ...PLANNED_PAGES.map((p) => ({ path: p.path, element: <PlannedPageView path={p.path} /> })),
  // Spec part 3 §2: any unknown /app path goes to the landing page.
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/login', element: <AuthPage initialMode="signIn" /> },
      { path: '/signup', element: <AuthPage initialMode="signUp" /> },
      // The addresses people guess for the sign-in page lead to it.
      { path: '/signin', element: <Navigate to="/login" replace /> },
      { path: '/sign-in', element: <Navigate to="/login" replace /> },
      { path: '/sign-up', element: <Navigate to="/signup" replace /> },
      {
        path: '/optionschain',
        element: (
          <PublicChainRoute>
            <ChainPage inShell={false} />
          </PublicChainRoute>
        ),
      },
      { path: '/agent', element: <Navigate to="/app/agent" replace /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/coming-soon', element: <ComingSoonRoute /> },
          { path: '/subscription', element: <FreeForeverPage inShell={false} /> },
          { path: '/success', element: <SubscriptionSuccessPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/PrivacyPolicy', element: <PrivacyPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/TermsAndConditions', element: <TermsPage /> },
          { path: '/DisclaimerDetailed', element: <DisclaimerPage /> },
        ],
      },
      {
        path: '/app',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        // A page that fails inside the shell replaces only the page, not the navigation.
        children: [{ errorElement: <RouteErrorScreen inShell />, children: appChildren }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
