import { PLANNED_APP_PATHS } from '../../features/placeholders/planned-pages';

/**
 * The sidebar of the signed-in shell (spec part 1 §2): eight collapsible groups. The System group's operator pages
 * (admin, config, data, uploads, moderation) are listed to operators only, and stay behind their guard; a learner's
 * System group holds the Agent API.
 */
export interface NavItem {
  label: string;
  to: string;
  /** Other paths that belong to this entry (the top bar names them, its group opens for them). */
  also?: readonly string[];
  /** Entries listed to operators only (the admin group). */
  adminOnly?: boolean;
  /** Pages beneath `to` belong to this entry too (the lessons, quizzes and exercises under /app/learning). */
  nested?: boolean;
}

export interface NavGroup {
  id: string;
  label: string;
  items: readonly NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'main',
    label: 'Main',
    items: [
      { label: 'Dashboard', to: '/app', also: ['/app/dashboard'] },
      { label: 'Portfolio', to: '/app/portfolio' },
      { label: 'Orders', to: '/app/orders' },
    ],
  },
  {
    id: 'trading',
    label: 'Trading',
    items: [
      { label: 'Trading', to: '/app/trading', also: ['/app/trade'] },
      { label: 'Options Chain', to: '/app/optionschain', also: ['/app/option-chain'] },
      { label: 'Strategy Templates', to: '/app/templates', also: ['/app/strategy-templates'] },
      { label: 'Backtest', to: '/app/backtest' },
      { label: 'Prediction Markets', to: '/app/prediction-markets', nested: true },
      { label: 'Watchlist', to: '/app/watchlist' },
      { label: 'Alerts', to: '/app/alerts', also: ['/app/notifications'] },
    ],
  },
  {
    id: 'analysis',
    label: 'Analysis',
    items: [
      { label: 'Analytics', to: '/app/analytics' },
      { label: 'Screener', to: '/app/screener' },
      { label: 'Sentiment', to: '/app/sentiment' },
      { label: 'Sentiment Heatmap', to: '/app/sentiment-heatmap' },
      { label: 'Events', to: '/app/events' },
      { label: 'Market Regime', to: '/app/regime' },
      { label: 'Price Charts', to: '/app/charts', nested: true },
      { label: 'Arbitrage', to: '/app/arbitrage' },
    ],
  },
  {
    id: 'education',
    label: 'Education',
    items: [
      { label: 'Learning', to: '/app/learning', nested: true },
      { label: 'Strategies', to: '/app/strategies' },
      { label: 'Journal', to: '/app/journal', nested: true },
    ],
  },
  {
    id: 'gamification',
    label: 'Gamification',
    items: [
      { label: 'Profile', to: '/app/gamification/profile' },
      { label: 'Achievements', to: '/app/gamification/achievements' },
      { label: 'Challenges', to: '/app/gamification/challenges' },
      { label: 'Leaderboards', to: '/app/gamification/leaderboards' },
      { label: 'Competitions', to: '/app/competitions', nested: true },
      { label: 'Demo', to: '/app/gamification/demo', also: ['/app/demo'] },
    ],
  },
  {
    id: 'community',
    label: 'Community',
    items: [{ label: 'Community', to: '/app/community', nested: true }],
  },
  {
    id: 'account',
    label: 'Account',
    items: [
      { label: 'Profile', to: '/app/profile' },
      { label: 'Settings', to: '/app/settings' },
      { label: 'Broker Connections', to: '/app/brokers', also: ['/app/broker-connections'] },
      { label: 'Subscription', to: '/app/subscription' },
    ],
  },
  {
    id: 'system',
    label: 'System',
    items: [
      { label: 'Admin', to: '/app/admin', adminOnly: true },
      { label: 'Config', to: '/app/config', adminOnly: true },
      { label: 'Data Manager', to: '/app/data-manager', adminOnly: true },
      { label: 'Data', to: '/app/data', adminOnly: true },
      { label: 'Bulk Data Upload', to: '/app/bulk-upload', adminOnly: true },
      { label: 'Agent API', to: '/app/agent' },
      { label: 'Learner Stories', to: '/app/admin/testimonials', adminOnly: true },
      { label: 'Community Reports', to: '/app/admin/community', adminOnly: true },
    ],
  },
];

/** An entry whose page is not built yet (features/placeholders/planned-pages.ts): the sidebar tags it "Soon". */
export const isPlanned = (item: Pick<NavItem, 'to'>): boolean => PLANNED_APP_PATHS.has(item.to);

/** Pages of the route map that have no sidebar entry of their own. */
const OTHER_PAGE_NAMES: Record<string, string> = {
  '/app/construction': 'Under Construction',
  '/app/trade': 'Paper Trade',
  '/app/admin/mail': 'Sent mail',
};

const trimSlash = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

export function itemMatches(item: NavItem, pathname: string): boolean {
  const path = trimSlash(pathname).toLowerCase();
  return [item.to, ...(item.also ?? [])].some((p) => p.toLowerCase() === path) || (!!item.nested && path.startsWith(`${item.to.toLowerCase()}/`));
}

export function findNavItem(pathname: string): { group: NavGroup; item: NavItem } | null {
  for (const group of NAV_GROUPS) {
    const item = group.items.find((i) => itemMatches(i, pathname));
    if (item) return { group, item };
  }
  return null;
}

export const groupOfPath = (pathname: string): string | null => findNavItem(pathname)?.group.id ?? null;

/** The top bar's page name; Dashboard by default (spec part 1 §2). */
export function pageNameOf(pathname: string): string {
  if (/^\/app\/people\/[^/]+\/?$/i.test(pathname)) return 'Learner Profile';
  return OTHER_PAGE_NAMES[trimSlash(pathname).toLowerCase()] ?? findNavItem(pathname)?.item.label ?? 'Dashboard';
}

/**
 * Pages where a learner practises trading, each with the pages under it (a prediction market's own
 * page, opened from a shared link, is one). The risk-disclaimer modal appears the first time one
 * opens, so the warning comes where the risk is (and never over sign-in).
 */
const TRADING_PATHS = [
  '/app/portfolio',
  '/app/orders',
  '/app/trading',
  '/app/trade',
  '/app/optionschain',
  '/app/option-chain',
  '/app/templates',
  '/app/strategy-templates',
  '/app/prediction-markets',
  '/app/brokers',
  '/app/broker-connections',
];

export function isTradingPath(pathname: string): boolean {
  const path = trimSlash(pathname).toLowerCase();
  return TRADING_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}
