/**
 * Pages of the route map that later issues build. Until then each shows an honest "not available
 * yet" panel saying what it will do. When a page is built, its route gets the real page and its
 * entry here is removed (README.md, "Pages not built yet", lists the same).
 */
export interface PlannedPage {
  /** Path under /app. */
  path: string;
  title: string;
  /** One sentence from the spec: what the page will do. */
  summary: string;
  /** The area of work (issue) that builds it. */
  area: PlannedArea;
}

export type PlannedArea =
  | 'Paper trading'
  | 'Strategy builder and templates'
  | 'Prediction markets'
  | 'Market analysis'
  | 'Learning and journal'
  | 'Gamification'
  | 'Account'
  | 'Operator tools';

export const PLANNED_PAGES: readonly PlannedPage[] = [
  {
    path: 'prediction-markets',
    title: 'Prediction Markets',
    area: 'Prediction markets',
    summary: 'Prediction markets in demo mode: practise trading yes/no contracts on future events with virtual money.',
  },
  {
    path: 'analytics',
    title: 'Analytics',
    area: 'Market analysis',
    summary: 'Analytics of your paper trading: performance, win rate, risk taken and how your strategies fared over time.',
  },
  {
    path: 'screener',
    title: 'Screener',
    area: 'Market analysis',
    summary: 'An options screener that filters contracts across underlyings by implied volatility, volume, open interest, Greeks and expiry.',
  },
  {
    path: 'arbitrage',
    title: 'Arbitrage',
    area: 'Market analysis',
    summary: 'Arbitrage views that check pricing relationships such as put-call parity across the chain, with explanations.',
  },

  {
    path: 'gamification/profile',
    title: 'Gamification Profile',
    area: 'Gamification',
    summary: 'Your level, XP, rank, streaks, Options Coins and leaderboard positions.',
  },
  {
    path: 'gamification/achievements',
    title: 'Achievements',
    area: 'Gamification',
    summary: 'Thirty achievements in eight categories, from first steps to risk management, with your progress toward each.',
  },
  {
    path: 'gamification/challenges',
    title: 'Challenges',
    area: 'Gamification',
    summary: 'Daily, weekly and monthly challenges with XP and coin rewards to claim once completed.',
  },
  {
    path: 'gamification/demo',
    title: 'Gamification Demo',
    area: 'Gamification',
    summary: 'A demonstration of XP toasts, level-ups, achievements and rewards.',
  },
  { path: 'demo', title: 'Demo', area: 'Gamification', summary: 'A demonstration of XP toasts, level-ups, achievements and rewards.' },
  {
    path: 'profile',
    title: 'Profile',
    area: 'Account',
    summary: 'Your profile: name, options trading level, learning progress and achievements in one place.',
  },
  { path: 'settings', title: 'Settings', area: 'Account', summary: 'Your settings: account details, and notification, sound and animation preferences.' },
  {
    path: 'data-manager',
    title: 'Data Manager',
    area: 'Operator tools',
    summary: 'Operator view of the stored market data: counts and freshness, cleanup of history older than 30 days, and a manual sync.',
  },
  {
    path: 'data',
    title: 'Data',
    area: 'Operator tools',
    summary: 'Operator view of the stored market data: counts and freshness, cleanup of history older than 30 days, and a manual sync.',
  },
  { path: 'bulk-upload', title: 'Bulk Data Upload', area: 'Operator tools', summary: 'Upload market data in bulk for operators, checked before it is stored.' },
  {
    path: 'agent',
    title: 'Agent API',
    area: 'Operator tools',
    summary: 'The Agent API: programmatic access for automated agents to read market data and place paper trades.',
  },
];

export const plannedPage = (path: string): PlannedPage | undefined => PLANNED_PAGES.find((p) => p.path === path);

/** The same pages as full paths ('/app/screener'): the menu tags them "Soon", the landing page marks what needs them "coming". */
export const PLANNED_APP_PATHS: ReadonlySet<string> = new Set(PLANNED_PAGES.map((p) => `/app/${p.path}`));
