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

export const PLANNED_PAGES: readonly PlannedPage[] = [];

export const plannedPage = (path: string): PlannedPage | undefined => PLANNED_PAGES.find((p) => p.path === path);

/** The same pages as full paths ('/app/screener'): the menu tags them "Soon", the landing page marks what needs them "coming". */
export const PLANNED_APP_PATHS: ReadonlySet<string> = new Set(PLANNED_PAGES.map((p) => `/app/${p.path}`));
