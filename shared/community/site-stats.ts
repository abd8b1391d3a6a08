/** Live figures for the landing page's statistics section: counted, never invented (issue 8). */
export interface SiteStats {
  learners: number;
  paperTrades: number;
  strategiesBuilt: number;
}

export type SiteCounter = keyof SiteStats;

export interface SiteStatsRepository {
  read(): Promise<SiteStats>;
  increment(counter: SiteCounter, by?: number): Promise<void>;
}
