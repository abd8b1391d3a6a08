/**
 * The HTTP API, defined once: every route, who may call it, and the function that serves it.
 * The CDK API stack creates one Lambda per function and one API Gateway route per entry; the local
 * gateway (local/gateway.ts) matches requests against the same list and calls the same handlers.
 * This module holds data only (no handler imports), so CDK synth and the gateway stay light.
 */
import type { Auth, RouteKey } from '@shared/api/contract';
import type { AgentScope } from '@shared/agent/token';

export type { Auth, Method, RouteKey } from '@shared/api/contract';

export interface FunctionDefinition {
  /** Logical id; also the CloudFormation construct id. */
  id: string;
  /** Module relative to the repository root; it exports `handler`. */
  file: string;
  description: string;
  /** Least-privilege grants: only what the handler's adapters use. */
  access: {
    table?: 'read' | 'readwrite';
    /** 'read': the operator's market-data key, granted on that one secret's ARN. */
    marketDataSecret?: 'read';
    /**
     * The broker keys learners save, one secret each under `<prefix>/broker/`: 'readwrite' (create, read, rotate,
     * delete) for the brokerage function that saves them; 'read' for the trading function, which places live orders
     * with them (test/functions/routes.test.ts).
     */
    brokerSecrets?: 'read' | 'readwrite';
    /**
     * 'control': GetSchedule and UpdateSchedule on exactly the schedules operators stop and start
     * (CONTROLLABLE_SCHEDULES), with iam:PassRole on their invoke roles, which UpdateSchedule needs
     * (infra/stacks/ingest-stack.ts); SCHEDULE_GROUP in the environment.
     */
    scheduler?: 'control';
    /**
     * 'deleteUsers': AdminUserGlobalSignOut and AdminDeleteUser on the user pool, for the account deletion (issue 20),
     * with USER_POOL_ID in the environment; 'signOutUsers': AdminUserGlobalSignOut only, for signing out everywhere;
     * 'readEmail': AdminGetUser only, for the confirmed address alert e-mails go to.
     */
    userPool?: 'deleteUsers' | 'signOutUsers' | 'readEmail';
    /**
     * 'outbox': writes events as outbox items (PutItem on `OUTBOX#` keys only, for a function that reads the table
     * otherwise); 'put': PutEvents on the bus, which no product function needs (events leave through the outbox; the Pipe has its own role).
     */
    events?: 'put' | 'outbox';
    /**
     * The bulk-upload bucket: 'presign' signs POSTs of new files (s3:PutObject on `incoming/*`, the credentials a
     * presigned POST carries); 'read' reads them (s3:GetObject on `incoming/*`), for the upload job.
     */
    uploadBucket?: 'presign' | 'read';
    /**
     * The key that signs and verifies the unsubscribe links of alert e-mails (`<prefix>/unsubscribe`): read on that one
     * secret, for the function that signs them (the alerts' consumer) and the one that verifies them (the public route).
     */
    unsubscribeSecret?: 'read';
    /**
     * 'send': ses:SendEmail from the stage's sending identity through its configuration set, nothing else, with the
     * identity, the configuration set and the site's origin in the environment (functions/adapters/mail/mail-env.ts).
     */
    mail?: 'send';
    /**
     * The operator's Zerodha Kite keys (`<prefix>/kite`) and the day's login (`<prefix>/kite-session`), issue 38.
     * 'read': read on those two, with the simulated market's deployment secret the simulated NSE market draws with (the
     * Indian chain). 'login': reads the keys, and reads, creates and writes the session (the login's callback).
     */
    kiteSecrets?: 'read' | 'login';
    /**
     * 'read': GetItem and Query on the ticker service's live Indian quotes only (items whose partition key starts with
     * `IN#LIVE#`), for the public Indian chain, which reads nothing else of the table.
     */
    indiaLiveQuotes?: 'read';
  };
  memoryMb?: number;
  timeoutSeconds?: number;
}

export interface RouteDefinition {
  routeKey: RouteKey;
  auth: Auth;
  fn: string;
  /**
   * The personal-access-token scope the route needs (issue 34). A signed-in route without one is browser-only: a token
   * on it gets 403. Only routes with a scope sit behind the bearer authorizer that accepts tokens; public routes need none.
   */
  scope?: AgentScope;
}

export const httpFunctions: readonly FunctionDefinition[] = [
  {
    id: 'health',
    file: 'functions/http/health.ts',
    description: 'Liveness of the API',
    // ?deep=1 reads one item to show the table answers.
    access: { table: 'read' },
  },
  {
    id: 'openapi',
    file: 'functions/http/openapi.ts',
    description: "The API's OpenAPI 3.1 document, generated from the contracts",
    access: {},
  },
  {
    id: 'me',
    file: 'functions/http/me.ts',
    description: "The signed-in user and their profile (name, bio, avatar, visibility, display settings), and other learners' public profiles",
    access: { table: 'readwrite' },
  },
  {
    id: 'trading',
    file: 'functions/http/trading.ts',
    description: 'Paper account, orders (paper, or live through Alpaca), positions, portfolio and pre-trade compliance',
    // Events leave through the outbox in the table; quotes come from stored chains; a live order reads the learner's
    // Alpaca keys, and may wait on Alpaca (8 s a call): within API Gateway's 29 s.
    access: { table: 'readwrite', brokerSecrets: 'read' },
    memoryMb: 1024,
    timeoutSeconds: 28,
  },
  {
    id: 'drafts',
    file: 'functions/http/drafts.ts',
    description: "The strategy builder's drafts",
    access: { table: 'readwrite' },
  },
  {
    id: 'siteStats',
    file: 'functions/http/site-stats.ts',
    description: "The landing page's live statistics",
    access: { table: 'read' },
  },
  {
    id: 'market',
    file: 'functions/http/market.ts',
    description: 'Market status, tickers, expiries, chains and history (public), Sync Data (signed in)',
    access: { table: 'read', events: 'outbox', marketDataSecret: 'read' },
    memoryMb: 1024,
  },
  {
    id: 'adminMarket',
    file: 'functions/http/admin-market.ts',
    description: 'Market-data statistics, cleanup and manual ingestion (admin)',
    access: { table: 'readwrite', events: 'outbox', marketDataSecret: 'read' },
    timeoutSeconds: 60,
  },
  {
    id: 'dataBrowser',
    file: 'functions/http/data-browser.ts',
    description: 'The data browser: stored chains, stock and option bars and daily summaries, page by page (admin)',
    // Queries on the market items' keys and GSI1 only; it writes nothing.
    access: { table: 'read' },
  },
  {
    id: 'operations',
    file: 'functions/http/operations.ts',
    description: "The operators' data manager: stored data and job runs, the scheduler's Stop and Start, Run now (admin)",
    // Reads the market items and job runs; writes who stopped a schedule (SCHEDULER#) and IngestRequested through the outbox.
    access: { table: 'readwrite', events: 'outbox', scheduler: 'control' },
    timeoutSeconds: 30,
  },
  {
    id: 'community',
    file: 'functions/http/community.ts',
    description: 'Learner stories for the landing page (share, withdraw, public list, moderation) and the coming-soon notify-me list',
    access: { table: 'readwrite' },
  },
  {
    id: 'communityPosts',
    file: 'functions/http/community-posts.ts',
    description: "Strategy sharing: posts, the feed, comments, useful votes, reports, the moderation queue and open-in-builder on today's chain",
    // Posts, comments, votes, reports and the daily counters in the table, with CommunityPostShared through the outbox in
    // the post's own transaction; reads the learner's journal trades and the stored chains.
    access: { table: 'readwrite' },
    memoryMb: 512,
  },
  {
    id: 'journal',
    file: 'functions/http/journal.ts',
    description: 'The trading journal: journal trades, entries, statistics and CSV export',
    // Entries change learning progress and publish JournalEntryAdded through the outbox, in the same transaction.
    access: { table: 'readwrite' },
  },
  {
    id: 'learning',
    file: 'functions/http/learning.ts',
    description: 'The learning area: the course without answer keys, lesson completion, quiz grading, exercise checks and progress',
    // Progress and its events (outbox items) in the table; exercises read the paper account and the stored chains.
    access: { table: 'readwrite' },
    memoryMb: 512,
  },
  {
    id: 'gamification',
    file: 'functions/http/gamification.ts',
    description: "Gamification: the learner's state, awards feed, challenge claims, reward purchases, power-ups, settings and leaderboards",
    access: { table: 'readwrite' },
  },
  {
    id: 'brokerage',
    file: 'functions/http/broker.ts',
    description: "Live trading through the learner's Alpaca account: key pairs (Secrets Manager), validation, account, orders, positions, contracts",
    // The key pairs under <prefix>/broker/; metadata, synced records, the activity and compliance logs in the table.
    access: { table: 'readwrite', brokerSecrets: 'readwrite' },
    memoryMb: 512,
    // One call may wait on Alpaca (8 s) and on 429 back-off (10 s at most): within API Gateway's 29 s.
    timeoutSeconds: 28,
  },
  {
    id: 'privacy',
    file: 'functions/http/privacy.ts',
    description: "The learner's data: the export of everything kept about them, and the account deletion job",
    // Deletion removes the learner's items, their broker key pairs and their user in the pool, and signs them out.
    access: { table: 'readwrite', brokerSecrets: 'readwrite', userPool: 'deleteUsers' },
    memoryMb: 512,
    timeoutSeconds: 28,
  },
  {
    id: 'sessions',
    file: 'functions/http/sessions.ts',
    description: 'Sign out everywhere: revokes the refresh tokens and refuses every token issued before it',
    // The learner's SESSIONS item, and AdminUserGlobalSignOut on the user pool (nothing else of it).
    access: { table: 'readwrite', userPool: 'signOutUsers' },
  },
  {
    id: 'analysisScreener',
    file: 'functions/http/analysis-screener.ts',
    description: 'Chain-based analysis: the options screener and saved screens, the put-call parity scanner and the volatility surface',
    // Reads the stored chains (whole chain sets, kept warm in memory) and the learner's saved screens.
    access: { table: 'readwrite' },
    memoryMb: 1024,
  },
  {
    id: 'analysis',
    file: 'functions/http/analysis.ts',
    description: 'Market analysis, end of day: daily summaries, sentiment, earnings events, regime and the sentiment heatmap (public)',
    // Reads the daily summaries and the stored chains; answers are computed once per ingestion run and kept warm.
    access: { table: 'read' },
    memoryMb: 1024,
  },
  {
    id: 'agent',
    file: 'functions/http/agent.ts',
    description: "The learner's personal access tokens for the Agent API: create (shown once), list and revoke",
    // The token items (hash and last four only) in the table.
    access: { table: 'readwrite' },
  },
  {
    id: 'mcp',
    file: 'functions/http/mcp.ts',
    description: 'The Model Context Protocol server (Streamable HTTP, stateless, JSON answers) for agents with a personal access token',
    // Its tools answer through the same use cases as the HTTP routes: the paper account's orders (outbox events), the
    // stored chains, the journal, and the market status (which reads whether the market-data key is configured, as the
    // market function does). Never the broker's live keys.
    access: { table: 'readwrite', marketDataSecret: 'read' },
    memoryMb: 1024,
    timeoutSeconds: 28,
  },
  {
    id: 'predictionMarkets',
    file: 'functions/http/prediction-markets.ts',
    description: 'The demo prediction markets: the markets made from the chains, a market page with its fair values, the calibration chart',
    // Reads the stored markets (PMARKETS); writes nothing.
    access: { table: 'read' },
    memoryMb: 1024,
  },
  {
    id: 'predictionTrading',
    file: 'functions/http/prediction-trading.ts',
    description: "Demo prediction trading: the learner's demo balance, positions, orders, cancels and reset (play money, never the paper account)",
    // The learner's PREDICT# items and the markets' volume counters in the table; reads the stored markets (PMARKETS).
    access: { table: 'readwrite' },
  },
  {
    id: 'alerts',
    file: 'functions/http/alerts.ts',
    description: "The learner's alerts (set, pause, resume, delete), their notifications (the bell, mark read) and the e-mail choice",
    // The learner's ALERT# and NOTE# items in the table.
    access: { table: 'readwrite' },
  },
  {
    id: 'adminMail',
    file: 'functions/http/admin-mail.ts',
    description: 'The alert e-mails the local mail stand-in wrote (admin; in AWS mail goes through SES and nothing is listed)',
    // Reads the stand-in's folder on the local stack only; nothing in AWS.
    access: {},
  },
  {
    id: 'kiteLogin',
    file: 'functions/http/kite-login.ts',
    description: "The operator's daily Zerodha Kite Connect login (admin) and Kite's callback (public), keeping the session in Secrets Manager",
    access: { kiteSecrets: 'login' },
  },
  {
    id: 'unsubscribe',
    file: 'functions/http/unsubscribe.ts',
    description: "The unsubscribe link of alert e-mails (public): its signed token turns the learner's alert e-mails off",
    // The learner's e-mail choice (ALERT#SETTINGS) in the table; the key that verifies the links.
    access: { table: 'readwrite', unsubscribeSecret: 'read' },
  },
  {
    id: 'uploads',
    file: 'functions/http/uploads.ts',
    description: 'Bulk upload of stock and option bars (admin): a presigned POST for a CSV file, the recent uploads, progress and report',
    // The progress items in the table; signs POSTs to the upload bucket (never reads the files).
    access: { table: 'readwrite', uploadBucket: 'presign' },
  },
  {
    id: 'watchlist',
    file: 'functions/http/watchlist.ts',
    description: "The learner's watchlist of underlyings and contracts, with their end-of-day figures",
    // The learner's WATCH# items and count; reads the stored chains, bars, daily summaries and the game state.
    access: { table: 'readwrite' },
    memoryMb: 1024,
  },
  {
    id: 'competitionAccount',
    file: 'functions/http/competition-account.ts',
    description: "A learner's competition paper account in a season: balances, positions by strategy, open orders, trades and their plans",
    // The learner's COMP#<seasonId># items (the account read, a trade's plan written); reads the stored chains for marks
    // and prices each trade's entry with the strategy analytics.
    access: { table: 'readwrite' },
    memoryMb: 1024,
  },
  {
    id: 'competitions',
    file: 'functions/http/competitions.ts',
    description: 'Competition seasons: the seasons to join, joining (opens the competition account), the league and overall boards, the debriefs',
    // The learner's COMPENTRY#/COMPEQ#/COMPDEBRIEF# items and the seasons' SEASON# items; opens the competition account
    // (paper items under the learner's partition) through the accounts' port.
    access: { table: 'readwrite' },
    memoryMb: 1024,
  },
  {
    id: 'backtest',
    file: 'functions/http/backtest.ts',
    description:
      "The strategy backtester: the stored history, runs with 'what this teaches' saved per learner, sharing a run to the feed, and the builder's modelled chain as of a stored session",
    // The learner's BACKTEST# items and count; reads the daily summaries (SUM#) and the profile; writes a shared run's
    // community post with its feed entries, daily count and CommunityPostShared through the outbox, in one transaction.
    // Runs execute here (pure code): a run with "what this teaches" is up to four engine runs of a year, so a full vCPU.
    access: { table: 'readwrite' },
    memoryMb: 1769,
    timeoutSeconds: 28,
  },
  {
    id: 'india',
    file: 'functions/http/india.ts',
    description: 'Indian markets (public): the view-only NSE option chain from Zerodha Kite or the simulated NSE market, and its underlyings',
    // Reads the Kite keys and login (Secrets Manager), the ticker service's live items (IN#LIVE#…, the table) and else calls
    // Kite; the simulated NSE market needs the deployment's draws. The instrument dump is several MB and a chain's quotes
    // may take two of Kite's one-a-second calls.
    access: { indiaLiveQuotes: 'read', kiteSecrets: 'read' },
    memoryMb: 1024,
    timeoutSeconds: 20,
  },
];

/**
 * The upload job: not a route, started by the upload bucket's ObjectCreated events (in AWS an S3 event notification,
 * locally the local S3's event). It reads the file, writes the bars and the daily summaries of their dates, and the
 * upload's progress. A 50 MB file is about 500,000 rows: 15 minutes is Lambda's longest run, far more than it needs.
 */
export const uploadJobFunction: FunctionDefinition = {
  id: 'uploadJob',
  file: 'functions/jobs/upload-job.ts',
  description: 'Bulk upload job: validates a CSV file of bars from the upload bucket and stores its rows',
  access: { table: 'readwrite', uploadBucket: 'read' },
  memoryMb: 512,
  timeoutSeconds: 900,
};

export const routes: readonly RouteDefinition[] = [
  { routeKey: 'GET /api/health', auth: 'public', fn: 'health' },
  { routeKey: 'GET /api/openapi.json', auth: 'public', fn: 'openapi' },
  { routeKey: 'GET /api/me', auth: 'user', fn: 'me' },
  { routeKey: 'PUT /api/me', auth: 'user', fn: 'me' },
  { routeKey: 'PATCH /api/me/profile', auth: 'user', fn: 'me' },
  { routeKey: 'GET /api/people/{publicId}', auth: 'user', fn: 'me' },
  { routeKey: 'GET /api/me/export', auth: 'user', fn: 'privacy' },
  { routeKey: 'POST /api/me/deletion', auth: 'user', fn: 'privacy' },
  { routeKey: 'GET /api/me/deletion', auth: 'user', fn: 'privacy' },
  { routeKey: 'POST /api/me/sign-out-everywhere', auth: 'user', fn: 'sessions' },
  { routeKey: 'GET /api/stats', auth: 'public', fn: 'siteStats' },
  { routeKey: 'GET /api/drafts', auth: 'user', fn: 'drafts' },
  { routeKey: 'POST /api/drafts', auth: 'user', fn: 'drafts' },
  { routeKey: 'PUT /api/drafts/{id}', auth: 'user', fn: 'drafts' },
  { routeKey: 'DELETE /api/drafts/{id}', auth: 'user', fn: 'drafts' },
  { routeKey: 'GET /api/accounts', auth: 'user', fn: 'trading', scope: 'read' },
  { routeKey: 'POST /api/account', auth: 'user', fn: 'trading' },
  { routeKey: 'POST /api/account/reset', auth: 'user', fn: 'trading' },
  { routeKey: 'PUT /api/account/settings', auth: 'user', fn: 'trading' },
  { routeKey: 'GET /api/portfolio', auth: 'user', fn: 'trading', scope: 'read' },
  { routeKey: 'POST /api/orders', auth: 'user', fn: 'trading', scope: 'trade' },
  { routeKey: 'GET /api/orders', auth: 'user', fn: 'trading', scope: 'read' },
  { routeKey: 'DELETE /api/orders/{id}', auth: 'user', fn: 'trading', scope: 'trade' },
  { routeKey: 'POST /api/positions/{contract}/close', auth: 'user', fn: 'trading', scope: 'trade' },
  { routeKey: 'POST /api/positions/{contract}/exercise', auth: 'user', fn: 'trading' },
  { routeKey: 'POST /api/strategies/{id}/close', auth: 'user', fn: 'trading', scope: 'trade' },
  { routeKey: 'PUT /api/positions/{contract}/group', auth: 'user', fn: 'trading' },
  { routeKey: 'POST /api/compliance/pretrade', auth: 'user', fn: 'trading', scope: 'read' },
  { routeKey: 'GET /api/compliance/summary', auth: 'user', fn: 'trading', scope: 'read' },
  { routeKey: 'GET /api/compliance/disclosures', auth: 'user', fn: 'trading' },
  { routeKey: 'POST /api/compliance/disclosures', auth: 'user', fn: 'trading' },
  { routeKey: 'GET /api/market/status', auth: 'public', fn: 'market' },
  { routeKey: 'GET /api/market/tickers', auth: 'public', fn: 'market' },
  { routeKey: 'GET /api/market/quotes', auth: 'public', fn: 'market' },
  { routeKey: 'GET /api/market/{underlying}/expiries', auth: 'public', fn: 'market' },
  { routeKey: 'GET /api/market/{underlying}/chain', auth: 'public', fn: 'market' },
  { routeKey: 'GET /api/market/{underlying}/history', auth: 'public', fn: 'market' },
  { routeKey: 'GET /api/market/contracts/{contract}/history', auth: 'public', fn: 'market' },
  // Indian markets: the view-only NSE chain (issue 38).
  { routeKey: 'GET /api/india/underlyings', auth: 'public', fn: 'india' },
  { routeKey: 'GET /api/india/chain', auth: 'public', fn: 'india' },
  { routeKey: 'POST /api/market/sync', auth: 'user', fn: 'market' },
  { routeKey: 'GET /api/admin/market/stats', auth: 'admin', fn: 'adminMarket' },
  { routeKey: 'POST /api/admin/market/cleanup', auth: 'admin', fn: 'adminMarket' },
  { routeKey: 'POST /api/admin/market/ingest', auth: 'admin', fn: 'adminMarket' },
  // The data browser (/app/data): what is stored, a page at a time.
  { routeKey: 'GET /api/admin/data/{underlying}/chains', auth: 'admin', fn: 'dataBrowser' },
  { routeKey: 'GET /api/admin/data/{underlying}/chains/{expiration}', auth: 'admin', fn: 'dataBrowser' },
  { routeKey: 'GET /api/admin/data/{underlying}/stock-bars', auth: 'admin', fn: 'dataBrowser' },
  { routeKey: 'GET /api/admin/data/{underlying}/option-bars', auth: 'admin', fn: 'dataBrowser' },
  { routeKey: 'GET /api/admin/data/{underlying}/summaries', auth: 'admin', fn: 'dataBrowser' },
  { routeKey: 'GET /api/admin/data/{underlying}/history', auth: 'admin', fn: 'dataBrowser' },
  { routeKey: 'GET /api/admin/operations/status', auth: 'admin', fn: 'operations' },
  { routeKey: 'POST /api/admin/operations/scheduler/{jobId}/stop', auth: 'admin', fn: 'operations' },
  { routeKey: 'POST /api/admin/operations/scheduler/{jobId}/start', auth: 'admin', fn: 'operations' },
  { routeKey: 'POST /api/admin/operations/run', auth: 'admin', fn: 'operations' },
  { routeKey: 'GET /api/community/testimonials', auth: 'public', fn: 'community' },
  { routeKey: 'GET /api/community/testimonial', auth: 'user', fn: 'community' },
  { routeKey: 'PUT /api/community/testimonial', auth: 'user', fn: 'community' },
  { routeKey: 'DELETE /api/community/testimonial', auth: 'user', fn: 'community' },
  { routeKey: 'POST /api/community/notify', auth: 'user', fn: 'community' },
  { routeKey: 'GET /api/admin/testimonials', auth: 'admin', fn: 'community' },
  { routeKey: 'GET /api/community/posts', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'POST /api/community/posts', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'GET /api/community/posts/{postId}', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'DELETE /api/community/posts/{postId}', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'POST /api/community/posts/{postId}/comments', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'DELETE /api/community/posts/{postId}/comments/{commentId}', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'PUT /api/community/posts/{postId}/vote', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'POST /api/community/posts/{postId}/report', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'GET /api/community/posts/{postId}/builder', auth: 'user', fn: 'communityPosts' },
  { routeKey: 'GET /api/admin/community/reports', auth: 'admin', fn: 'communityPosts' },
  { routeKey: 'POST /api/admin/community/posts/{postId}/hide', auth: 'admin', fn: 'communityPosts' },
  { routeKey: 'POST /api/admin/community/posts/{postId}/restore', auth: 'admin', fn: 'communityPosts' },
  { routeKey: 'POST /api/admin/testimonials/{userId}/approve', auth: 'admin', fn: 'community' },
  { routeKey: 'POST /api/admin/testimonials/{userId}/reject', auth: 'admin', fn: 'community' },
  { routeKey: 'GET /api/learning/modules', auth: 'user', fn: 'learning' },
  { routeKey: 'GET /api/learning/modules/{id}', auth: 'user', fn: 'learning' },
  { routeKey: 'POST /api/learning/lessons/{lessonId}/complete', auth: 'user', fn: 'learning' },
  { routeKey: 'POST /api/learning/quizzes/{quizId}/attempts', auth: 'user', fn: 'learning' },
  { routeKey: 'POST /api/learning/lessons/{lessonId}/chain-task', auth: 'user', fn: 'learning' },
  { routeKey: 'POST /api/learning/exercises/{exerciseId}/check', auth: 'user', fn: 'learning' },
  { routeKey: 'GET /api/learning/outline', auth: 'public', fn: 'learning' },
  { routeKey: 'GET /api/learning/snapshots/{snapshot}/{expiration}', auth: 'public', fn: 'learning' },
  { routeKey: 'GET /api/learning/progress', auth: 'user', fn: 'learning' },
  { routeKey: 'POST /api/learning/reset', auth: 'user', fn: 'learning' },
  // Demo prediction trading: browser-only (no scope), so an agent token never trades demo predictions.
  { routeKey: 'GET /api/predictions/account', auth: 'user', fn: 'predictionTrading' },
  { routeKey: 'POST /api/predictions/account/reset', auth: 'user', fn: 'predictionTrading' },
  { routeKey: 'POST /api/predictions/orders', auth: 'user', fn: 'predictionTrading' },
  { routeKey: 'DELETE /api/predictions/orders/{orderId}', auth: 'user', fn: 'predictionTrading' },
  // A learner's competition account (issue 39): browser-only (no scope); its orders go through the order routes.
  { routeKey: 'GET /api/competitions/seasons/{seasonId}/account', auth: 'user', fn: 'competitionAccount' },
  { routeKey: 'PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan', auth: 'user', fn: 'competitionAccount' },
  // The watchlist: browser-only (no scope).
  { routeKey: 'GET /api/watchlist', auth: 'user', fn: 'watchlist' },
  { routeKey: 'POST /api/watchlist/items', auth: 'user', fn: 'watchlist' },
  { routeKey: 'DELETE /api/watchlist/items/{id}', auth: 'user', fn: 'watchlist' },
  { routeKey: 'PUT /api/watchlist/order', auth: 'user', fn: 'watchlist' },
  // Competition seasons: browser-only (no scope).
  { routeKey: 'GET /api/competitions', auth: 'user', fn: 'competitions' },
  { routeKey: 'POST /api/competitions/seasons/{seasonId}/join', auth: 'user', fn: 'competitions' },
  { routeKey: 'GET /api/competitions/seasons/{seasonId}/board', auth: 'user', fn: 'competitions' },
  { routeKey: 'GET /api/competitions/seasons/{seasonId}/debrief', auth: 'user', fn: 'competitions' },
  // The strategy backtester: browser-only (no scope).
  { routeKey: 'GET /api/backtest/history', auth: 'user', fn: 'backtest' },
  { routeKey: 'POST /api/backtest/runs', auth: 'user', fn: 'backtest' },
  { routeKey: 'GET /api/backtest/runs', auth: 'user', fn: 'backtest' },
  { routeKey: 'GET /api/backtest/runs/{id}', auth: 'user', fn: 'backtest' },
  { routeKey: 'DELETE /api/backtest/runs/{id}', auth: 'user', fn: 'backtest' },
  { routeKey: 'POST /api/backtest/runs/{id}/share', auth: 'user', fn: 'backtest' },
  // The builder as of a past session (a backtest trade's entry day): reads of the stored summaries only.
  { routeKey: 'GET /api/backtest/as-of/{underlying}', auth: 'user', fn: 'backtest' },
  { routeKey: 'GET /api/backtest/as-of/{underlying}/chain', auth: 'user', fn: 'backtest' },
  { routeKey: 'GET /api/journal/trades', auth: 'user', fn: 'journal', scope: 'read' },
  { routeKey: 'GET /api/journal/trades/{id}', auth: 'user', fn: 'journal', scope: 'read' },
  { routeKey: 'GET /api/journal/entries', auth: 'user', fn: 'journal', scope: 'read' },
  { routeKey: 'POST /api/journal/entries', auth: 'user', fn: 'journal', scope: 'trade' },
  { routeKey: 'GET /api/journal/entries/{id}', auth: 'user', fn: 'journal', scope: 'read' },
  { routeKey: 'PUT /api/journal/entries/{id}', auth: 'user', fn: 'journal' },
  { routeKey: 'DELETE /api/journal/entries/{id}', auth: 'user', fn: 'journal' },
  { routeKey: 'GET /api/journal/stats', auth: 'user', fn: 'journal', scope: 'read' },
  { routeKey: 'GET /api/journal/export.csv', auth: 'user', fn: 'journal' },
  { routeKey: 'GET /api/gamification/state', auth: 'user', fn: 'gamification' },
  { routeKey: 'GET /api/gamification/awards', auth: 'user', fn: 'gamification' },
  { routeKey: 'POST /api/gamification/challenges/{id}/claim', auth: 'user', fn: 'gamification' },
  { routeKey: 'POST /api/gamification/rewards/{id}/purchase', auth: 'user', fn: 'gamification' },
  { routeKey: 'POST /api/gamification/power-ups/{id}/activate', auth: 'user', fn: 'gamification' },
  { routeKey: 'PUT /api/gamification/settings', auth: 'user', fn: 'gamification' },
  { routeKey: 'GET /api/gamification/leaderboards/{category}', auth: 'user', fn: 'gamification' },
  { routeKey: 'GET /api/broker/credentials', auth: 'user', fn: 'brokerage' },
  { routeKey: 'PUT /api/broker/{environment}/credentials', auth: 'user', fn: 'brokerage' },
  { routeKey: 'POST /api/broker/{environment}/credentials/validate', auth: 'user', fn: 'brokerage' },
  { routeKey: 'DELETE /api/broker/{environment}/credentials', auth: 'user', fn: 'brokerage' },
  { routeKey: 'POST /api/broker/{environment}/acknowledgements', auth: 'user', fn: 'brokerage' },
  { routeKey: 'POST /api/broker/{environment}/sync', auth: 'user', fn: 'brokerage' },
  { routeKey: 'GET /api/broker/{environment}/account', auth: 'user', fn: 'brokerage' },
  { routeKey: 'GET /api/broker/{environment}/orders', auth: 'user', fn: 'brokerage' },
  { routeKey: 'POST /api/broker/{environment}/orders', auth: 'user', fn: 'brokerage' },
  { routeKey: 'GET /api/broker/{environment}/orders/{id}', auth: 'user', fn: 'brokerage' },
  { routeKey: 'DELETE /api/broker/{environment}/orders/{id}', auth: 'user', fn: 'brokerage' },
  { routeKey: 'GET /api/broker/{environment}/positions', auth: 'user', fn: 'brokerage' },
  { routeKey: 'DELETE /api/broker/{environment}/positions/{symbol}', auth: 'user', fn: 'brokerage' },
  { routeKey: 'POST /api/broker/{environment}/positions/{symbol}/exercise', auth: 'user', fn: 'brokerage' },
  { routeKey: 'GET /api/broker/{environment}/contracts', auth: 'user', fn: 'brokerage' },
  { routeKey: 'POST /api/analysis/screener', auth: 'public', fn: 'analysisScreener' },
  { routeKey: 'GET /api/analysis/screener/screens', auth: 'user', fn: 'analysisScreener', scope: 'read' },
  { routeKey: 'POST /api/analysis/screener/screens', auth: 'user', fn: 'analysisScreener' },
  { routeKey: 'DELETE /api/analysis/screener/screens/{id}', auth: 'user', fn: 'analysisScreener' },
  { routeKey: 'GET /api/analysis/{underlying}/arbitrage', auth: 'public', fn: 'analysisScreener' },
  { routeKey: 'GET /api/analysis/{underlying}/surface', auth: 'public', fn: 'analysisScreener' },
  { routeKey: 'GET /api/analysis/{underlying}/summary', auth: 'public', fn: 'analysis' },
  { routeKey: 'GET /api/analysis/{underlying}/sentiment', auth: 'public', fn: 'analysis' },
  { routeKey: 'GET /api/analysis/{underlying}/events', auth: 'public', fn: 'analysis' },
  { routeKey: 'GET /api/analysis/{underlying}/regime', auth: 'public', fn: 'analysis' },
  { routeKey: 'GET /api/analysis/heatmap', auth: 'public', fn: 'analysis' },
  { routeKey: 'GET /api/agent/tokens', auth: 'user', fn: 'agent' },
  { routeKey: 'POST /api/agent/tokens', auth: 'user', fn: 'agent' },
  { routeKey: 'DELETE /api/agent/tokens/{id}', auth: 'user', fn: 'agent' },
  { routeKey: 'POST /api/mcp', auth: 'user', fn: 'mcp', scope: 'read' },
  // The stateless MCP server offers no event stream and no session: 405 with Allow: POST, as the transport's spec says.
  { routeKey: 'GET /api/mcp', auth: 'public', fn: 'mcp' },
  { routeKey: 'DELETE /api/mcp', auth: 'public', fn: 'mcp' },
  { routeKey: 'GET /api/predictions/markets', auth: 'user', fn: 'predictionMarkets' },
  { routeKey: 'GET /api/predictions/markets/{marketId}', auth: 'user', fn: 'predictionMarkets' },
  { routeKey: 'GET /api/predictions/calibration', auth: 'user', fn: 'predictionMarkets' },
  // The learner's alerts and notifications: browser-only (no scope).
  { routeKey: 'GET /api/alerts', auth: 'user', fn: 'alerts' },
  { routeKey: 'POST /api/alerts', auth: 'user', fn: 'alerts' },
  { routeKey: 'DELETE /api/alerts/{alertId}', auth: 'user', fn: 'alerts' },
  { routeKey: 'POST /api/alerts/{alertId}/pause', auth: 'user', fn: 'alerts' },
  { routeKey: 'POST /api/alerts/{alertId}/resume', auth: 'user', fn: 'alerts' },
  { routeKey: 'PUT /api/notifications/settings', auth: 'user', fn: 'alerts' },
  { routeKey: 'GET /api/notifications', auth: 'user', fn: 'alerts' },
  { routeKey: 'GET /api/notifications/unread-count', auth: 'user', fn: 'alerts' },
  { routeKey: 'POST /api/notifications/{notificationId}/read', auth: 'user', fn: 'alerts' },
  { routeKey: 'POST /api/notifications/read-all', auth: 'user', fn: 'alerts' },
  { routeKey: 'GET /api/notifications/settings', auth: 'user', fn: 'alerts' },
  { routeKey: 'GET /api/admin/mail', auth: 'admin', fn: 'adminMail' },
  // The unsubscribe link of alert e-mails: public, the signed token is the credential (rate-limited per address).
  { routeKey: 'GET /api/admin/kite', auth: 'admin', fn: 'kiteLogin' },
  { routeKey: 'POST /api/admin/kite/login', auth: 'admin', fn: 'kiteLogin' },
  // Kite sends the operator's browser here after the login: public, its signed state is the credential (rate-limited per address).
  { routeKey: 'GET /api/kite/callback', auth: 'public', fn: 'kiteLogin' },
  { routeKey: 'GET /api/unsubscribe', auth: 'public', fn: 'unsubscribe' },
  { routeKey: 'POST /api/unsubscribe', auth: 'public', fn: 'unsubscribe' },
  { routeKey: 'POST /api/admin/uploads', auth: 'admin', fn: 'uploads' },
  { routeKey: 'GET /api/admin/uploads', auth: 'admin', fn: 'uploads' },
  { routeKey: 'GET /api/admin/uploads/{uploadId}', auth: 'admin', fn: 'uploads' },
];
