// @ts-check
/**
 * The structure check (`npm run structure`, part of `npm test`), run by dependency-cruiser over shared/, functions/
 * and web/src. It fails on:
 * - a cycle of modules anywhere in those trees (type-only imports count: they are dependencies of the design too);
 * - a back-reference between the areas of shared/: an area imports only areas of a LOWER layer below, never one of
 *   its own layer or above, so the areas can never import each other in a circle;
 * - an area of shared/ that is in no layer (a new folder is placed in LAYERS on purpose, where it belongs).
 * What web/ and functions/ may import (and shared/'s purity) stays in eslint.config.js.
 */

/**
 * The areas of shared/, in layers from the bottom. An area is a folder of shared/ (or one of its loose files, named
 * without `.ts`). An area may import the areas of any layer below its own and nothing above or beside it.
 */
const LAYERS = [
  // The primitives and kernel: results, small data structures, the retry backoff, money, the route contract (`shared/api`), text
  // cleaning, the domain events, the pricing core and the metrics of one underlying's day (the daily-summary row,
  // volatility measures, put/call ratios).
  ['result', 'bounded-map', 'backoff', 'kernel', 'api', 'text', 'events', 'pricing', 'metrics'],
  // The ports the domain declares for time, ids, the event outbox, secrets, job runs and the site's counters.
  ['ports'],
  // The Agent API's personal access tokens (what a token is and may do, its storage port, its use cases), which the
  // order path and the handlers read.
  ['agent'],
  // The market: calendar and dates, chains, the simulated market, the daily summaries it produces.
  ['market'],
  // The operator's data browser: reads of the stored market data and daily summaries, a page at a time.
  ['data-browser'],
  // Formatting; the game (XP, levels, badges, boards) on market dates.
  ['format', 'gamification', 'uploads'],
  // Compliance checks (approval levels, disclosures) on formatted money; prediction markets in demo mode (yes/no
  // contracts made from the chains, priced by the pricing core, their simulated book, fee and settlement); the learner's
  // alerts and their notifications (conditions on market figures, written in the product's formats).
  ['compliance', 'prediction', 'alerts'],
  // The order vocabulary shared by every venue.
  ['trading'],
  // The paper account.
  ['paper'],
  // Strategies on paper's positions; the live broker as a venue beside paper; market analysis (which may read an
  // account's defaults).
  ['strategy', 'broker', 'analysis'],
  // The journal; the course; strategy drafts; the home page's read models; the watchlist.
  ['journal', 'learning', 'drafts', 'home', 'watchlist'],
  // The strategy backtester (issue 39): the builder's templates and placement on a past day, priced at the daily
  // summaries' surface (above drafts, which a run may start from; below the community, which may share a run).
  ['backtest'],
  // The community (posts share journal trades); users and profiles (which show levels and progress).
  ['community', 'users'],
  // Competitions (issue 39): seasons on market dates, the risk-adjusted score, defined-risk orders on paper positions
  // by the strategy analytics, leagues with gamification's privacy rule, the season close with journal plans.
  ['competitions'],
  // The operators' data manager: the scheduler's control, the stored data's health, job runs (reads market dates).
  ['operations'],
];

/**
 * Back-references that exist today and are being removed, each by name. An entry lets exactly that import of one area
 * by another through; delete the entry when the import goes.
 * @type {{ from: string; to: string; why: string }[]}
 */
const KNOWN_EXCEPTIONS = [
  // None today: learning takes the journal's reflections from the JournalEntryAdded event and reads entries through a
  // port of its own (JournalReader), so neither folder imports the other.
];

/** Module cycles that exist today and are being removed, each as a path regex of a module on the cycle. */
const KNOWN_CYCLES = [];

const AREAS = LAYERS.flat();
const escape = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The files of some areas of shared/: `shared/<area>/…` or the loose file `shared/<area>.ts`. */
const areaPath = (/** @type {string[]} */ areas) => `^shared/(${areas.map(escape).join('|')})(/|\\.ts$)`;

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const directionRules = LAYERS.flatMap((layer, index) =>
  layer.map((area) => {
    const notBelow = LAYERS.slice(index)
      .flat()
      .filter((a) => a !== area);
    const excepted = KNOWN_EXCEPTIONS.filter((e) => e.from === area).map((e) => e.to);
    return {
      name: `shared-direction-${area}`,
      comment: `shared/${area} may import only the layers below it (${LAYERS.slice(0, index).flat().join(', ') || 'none'}); move what both need down instead (.dependency-cruiser.cjs LAYERS).`,
      severity: /** @type {const} */ ('error'),
      from: { path: areaPath([area]) },
      to: { path: areaPath(notBelow), ...(excepted.length > 0 ? { pathNot: areaPath(excepted) } : {}) },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A module imports itself through others: move what both sides need into a module of its own that imports neither.',
      severity: 'error',
      from: { path: '^(shared|functions|web/src)/', ...(KNOWN_CYCLES.length > 0 ? { pathNot: KNOWN_CYCLES.join('|') } : {}) },
      to: { circular: true },
    },
    {
      name: 'shared-area-in-a-layer',
      comment: 'Every area of shared/ is in a layer of .dependency-cruiser.cjs (LAYERS): place a new one where it belongs.',
      severity: 'error',
      from: { path: '^shared/', pathNot: areaPath(AREAS) },
      to: {},
    },
    {
      name: 'shared-area-in-a-layer-imported',
      comment: 'Every area of shared/ is in a layer of .dependency-cruiser.cjs (LAYERS): place a new one where it belongs.',
      severity: 'error',
      from: {},
      to: { path: '^shared/', pathNot: areaPath(AREAS) },
    },
    ...directionRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
