/**
 * Every TanStack Query key of the web app, in one place: each piece of server data is cached under one key, and a
 * change invalidates by the same factory, so no screen keeps a stale copy under a name of its own. Keys nest by area,
 * so invalidating an area's `all` reaches each of its queries.
 */
const market = ['market'] as const;
const paper = ['paper'] as const;
const admin = ['admin'] as const;
const community = ['community'] as const;
const learning = ['learning'] as const;
const journal = ['journal'] as const;
const gamification = ['gamification'] as const;
const broker = ['broker'] as const;
const analysis = ['analysis'] as const;
const prediction = ['prediction'] as const;
const alerts = ['alerts'] as const;
const notifications = ['notifications'] as const;
const competitions = ['competitions'] as const;
const backtest = ['backtest'] as const;

export const queryKeys = {
  /** The learner's broker connections and what each Alpaca account holds (issue 21). */
  broker: {
    all: broker,
    credentials: () => [...broker, 'credentials'] as const,
    account: (environment: string) => [...broker, environment, 'account'] as const,
    positions: (environment: string) => [...broker, environment, 'positions'] as const,
    orders: (environment: string) => [...broker, environment, 'orders'] as const,
  },
  /** Public market data (GET /api/market/…): one status, ticker list, expiry list and chain for every screen. */
  market: {
    all: market,
    status: () => [...market, 'status'] as const,
    tickers: () => [...market, 'tickers'] as const,
    expiries: (underlying: string) => [...market, 'expiries', underlying] as const,
    chain: (underlying: string, expiry: string) => [...market, 'chain', underlying, expiry] as const,
    quotes: (tickers: readonly string[]) => [...market, 'quotes', tickers.join(',')] as const,
    history: (underlying: string) => [...market, 'history', underlying] as const,
  },
  /** Indian markets (GET /api/india/…, issue 38): the NSE underlyings and the view-only chain of one expiry. */
  india: {
    underlyings: () => ['india', 'underlyings'] as const,
    chain: (symbol: string, expiry: string | null) => ['india', 'chain', symbol, expiry ?? ''] as const,
  },
  /**
   * End-of-day analysis (GET /api/analysis/…) and the learner's saved screens: the answers change once a session; a
   * saved or deleted screen changes the list.
   */
  analysis: {
    all: analysis,
    summary: (underlying: string) => [...analysis, 'summary', underlying] as const,
    sentiment: (underlying: string) => [...analysis, 'sentiment', underlying] as const,
    events: (underlying: string) => [...analysis, 'events', underlying] as const,
    regime: (underlying: string) => [...analysis, 'regime', underlying] as const,
    heatmap: () => [...analysis, 'heatmap'] as const,
    screen: (query: object) => [...analysis, 'screener', query] as const,
    screens: () => [...analysis, 'screens'] as const,
    arbitrage: (underlying: string, expiry: string | null) => [...analysis, 'arbitrage', underlying, expiry ?? ''] as const,
    surface: (underlying: string) => [...analysis, 'surface', underlying] as const,
  },
  /** The learner's paper account: everything an order, a close, an exercise, a reset or a settings change alters. */
  paper: {
    all: paper,
    accounts: () => [...paper, 'accounts'] as const,
    portfolio: () => [...paper, 'portfolio'] as const,
    orders: (status?: string) => (status === undefined ? ([...paper, 'orders'] as const) : ([...paper, 'orders', status] as const)),
  },
  admin: {
    all: admin,
    marketStats: () => [...admin, 'market-stats'] as const,
    /** The data browser's pages and chart series (GET /api/admin/data/…), by route path and query. */
    data: (path: string, query: Readonly<Record<string, string | number | undefined>>) => [...admin, 'data', path, query] as const,
    operations: () => [...admin, 'operations'] as const,
    /** The alert e-mails the local mail stand-in wrote. */
    mail: () => [...admin, 'mail'] as const,
    /** The Zerodha Kite Connect feed's keys and session (GET /api/admin/kite). */
    kite: () => [...admin, 'kite'] as const,
    /** Bulk uploads: the recent list, and one upload's progress and report. */
    uploads: () => [...admin, 'uploads'] as const,
    upload: (uploadId: string) => [...admin, 'uploads', uploadId] as const,
  },
  community: {
    all: community,
    myStory: () => [...community, 'my-story'] as const,
    moderation: (status?: string) => (status === undefined ? ([...community, 'moderation'] as const) : ([...community, 'moderation', status] as const)),
    testimonials: () => [...community, 'testimonials'] as const,
    siteStats: () => [...community, 'site-stats'] as const,
    feeds: () => [...community, 'feed'] as const,
    feed: (sort: string, underlying: string, strategy: string) => [...community, 'feed', sort, underlying, strategy] as const,
    post: (id: string) => [...community, 'post', id] as const,
    /** A post's legs rebuilt on today's chain (the watchlist stars on a shared strategy's legs). */
    builder: (id: string) => [...community, 'builder', id] as const,
    reports: (status?: string) => (status === undefined ? ([...community, 'reports'] as const) : ([...community, 'reports', status] as const)),
  },
  /** The course as the learner sees it, and their progress: a completion, an attempt, a check or a reset changes them all. */
  learning: {
    all: learning,
    modules: () => [...learning, 'modules'] as const,
    progress: () => [...learning, 'progress'] as const,
  },
  /**
   * The demo prediction markets (issue 36): the markets (made again after each ingestion; an order changes a market's
   * volume), the learner's demo account (an order, a cancel, a reset or a settlement changes it) and the calibration.
   */
  prediction: {
    all: prediction,
    markets: () => [...prediction, 'markets'] as const,
    /** One underlying's list (null: the one the server shows first). */
    marketsOf: (underlying: string | null) => [...prediction, 'markets', 'list', underlying ?? 'first'] as const,
    market: (marketId: string) => [...prediction, 'markets', marketId] as const,
    account: () => [...prediction, 'account'] as const,
    calibration: () => [...prediction, 'calibration'] as const,
  },
  /** The learner's alerts (a change invalidates the list) and their notifications (the list and the bell's count). */
  alerts: {
    all: alerts,
    list: () => [...alerts, 'list'] as const,
  },
  notifications: {
    all: notifications,
    list: () => [...notifications, 'list'] as const,
    unread: () => [...notifications, 'unread'] as const,
    settings: () => [...notifications, 'settings'] as const,
  },
  /** The learner's journal: trades (made by the server from their orders), entries and statistics. */
  journal: {
    all: journal,
    trades: (query: Record<string, unknown>) => [...journal, 'trades', query] as const,
    trade: (id: string) => [...journal, 'trade', id] as const,
    entries: (kind?: string) => [...journal, 'entries', kind ?? 'all'] as const,
    stats: (query: Record<string, unknown>) => [...journal, 'stats', query] as const,
  },
  /** What no learner's action changes: the course's outline (the landing page), a module's content and the frozen chains of chain tasks. */
  course: {
    module: (id: string) => ['course', 'module', id] as const,
    outline: () => ['course', 'outline'] as const,
    snapshotChain: (snapshot: string, expiration: string) => ['course', 'snapshot', snapshot, expiration] as const,
  },
  /** The learner's gamification state and awards feed: every award the feed brings changes the state. */
  gamification: {
    all: gamification,
    state: () => [...gamification, 'state'] as const,
    boards: () => [...gamification, 'boards'] as const,
    leaderboard: (category: string, limit: number) => [...gamification, 'boards', category, limit] as const,
  },
  /**
   * The competitions (issue 39): the seasons and rules, a season's boards, the learner's debrief of a closed season and
   * their competition account in it. Joining changes them all; an order or a plan changes the account.
   */
  competitions: {
    all: competitions,
    view: () => [...competitions, 'view'] as const,
    board: (seasonId: string, view: string) => [...competitions, 'board', seasonId, view] as const,
    debrief: (seasonId: string) => [...competitions, 'debrief', seasonId] as const,
    account: (seasonId: string) => [...competitions, 'account', seasonId] as const,
  },
  /** The account deletion's progress (answers with a deleted account's token too). */
  privacy: { deletion: () => ['privacy', 'deletion'] as const },
  /** The learner's personal access tokens (issue 34): a creation or a revocation changes the list. */
  agentTokens: () => ['agent', 'tokens'] as const,
  /** This API's OpenAPI document (GET /api/openapi.json): fixed for a deployment. */
  openApiDocument: () => ['openapi'] as const,
  drafts: () => ['drafts'] as const,
  /** The strategy backtester (issue 39): the stored history it runs on, and the learner's saved runs (a run, a delete changes the list). */
  backtest: {
    all: backtest,
    history: () => [...backtest, 'history'] as const,
    runs: () => [...backtest, 'runs'] as const,
    run: (id: string) => [...backtest, 'run', id] as const,
    /** A stored session for the builder "as of" it, and one expiry's modelled chain that day (they never change). */
    asOfDay: (underlying: string, date: string) => [...backtest, 'as-of', underlying, date] as const,
    asOfChain: (underlying: string, date: string, expiry: string) => [...backtest, 'as-of', underlying, date, 'chain', expiry] as const,
  },
  /** The learner's watchlist (issue 37): an add, a removal or a reorder changes it. */
  watchlist: () => ['watchlist'] as const,
  me: () => ['me'] as const,
  /** Another learner's public profile (GET /api/people/{publicId}); the learner's own one after a change. */
  person: (publicId: string) => ['people', publicId] as const,
  people: () => ['people'] as const,
};
