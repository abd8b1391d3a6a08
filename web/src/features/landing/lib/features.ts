/** A capability the landing page advertises, and the app pages it needs to be true. */
export interface Feature {
  title: string;
  text: string;
  /** Paths under /app; while any of them is a planned page, the feature is "coming". */
  needs: readonly string[];
  /** A live figure shown under the text: 'lessons' is the course's real lesson count (GET /api/learning/outline). */
  live?: 'lessons';
}

export const FEATURES: readonly Feature[] = [
  {
    title: 'Options chains with Greeks',
    text: 'Bid, ask, volume, open interest, implied volatility and all five Greeks, explained in plain words.',
    needs: ['/app/optionschain'],
  },
  {
    title: 'Strategy builder',
    text: 'Multi-leg strategies with payoff graphs, maximum profit and loss, breakevens and probability of profit.',
    needs: ['/app/trading', '/app/templates'],
  },
  {
    title: 'Strategy backtester',
    text: 'Run entry and exit rules over past end-of-day data, with costs, and see every trade, the win rate, the drawdown and what the run teaches. Prices are modelled, not past quotes.',
    needs: ['/app/backtest'],
  },
  {
    title: 'Paper trading',
    text: 'Place orders with virtual money and meet the rules real brokers apply: buying power, trading levels, day-trade limits.',
    needs: ['/app/portfolio', '/app/orders'],
  },
  {
    // The count is the course's real one, read from the API (issue 17), never a promise typed here.
    title: 'Learning modules',
    text: 'Lessons, quizzes and practical exercises, from what an option is to managing a portfolio of spreads.',
    needs: ['/app/learning'],
    live: 'lessons',
  },
  { title: 'Trading journal', text: 'Write down why you entered, what happened and what you learned. Reviewing beats guessing.', needs: ['/app/journal'] },
  {
    title: 'Progress you can see',
    text: 'XP, levels, streaks, achievements and challenges that reward learning and discipline rather than luck.',
    needs: ['/app/gamification/profile', '/app/gamification/achievements', '/app/gamification/challenges'],
  },
  {
    title: 'Market analysis',
    text: 'Sentiment, market regime, event-driven pricing, an options screener and arbitrage checks.',
    needs: ['/app/sentiment', '/app/regime', '/app/events', '/app/screener', '/app/arbitrage'],
  },
  { title: 'Community', text: 'Share what you learned, and read how other learners got started.', needs: ['/app/community'] },
  {
    title: 'Competitions',
    text: 'Weekly and monthly seasons on a separate paper account, defined-risk trades only, ranked by return over max drawdown, so trading more or bigger does not help.',
    needs: ['/app/competitions'],
  },
];

/** The features that work now, in order, then those still coming (any page they need is planned). */
export function byAvailability<T extends Pick<Feature, 'needs'>>(features: readonly T[], planned: ReadonlySet<string>): { available: T[]; coming: T[] } {
  const isComing = (f: T) => f.needs.some((p) => planned.has(p));
  return { available: features.filter((f) => !isComing(f)), coming: features.filter(isComing) };
}
