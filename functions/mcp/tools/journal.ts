import { z } from 'zod';
import { ENTRY_LIMITS, GRADES, OUTLOOKS } from '@shared/journal/entries';
import { IsoDate, READS, routeTool, Ticker, WRITES } from '../tool';

const filters = {
  from: IsoDate.optional().describe('Trades closed on or after this date, YYYY-MM-DD'),
  to: IsoDate.optional().describe('Trades closed on or before this date, YYYY-MM-DD'),
  strategy: z.string().min(1).max(60).optional().describe('Only this strategy, e.g. "Bull Call Spread"'),
  underlying: Ticker.optional().describe('Only this underlying'),
};

export const journalStats = routeTool({
  name: 'journal_stats',
  title: 'Journal statistics',
  description:
    "Statistics over the paper account's closed trades in the learner's journal: trades, wins, losses, scratches, net P&L, gross profit and loss, win rate, average win and loss, profit factor, expectancy, and more, each null where it is undefined. Optionally filtered by dates, strategy and underlying.",
  input: filters,
  annotations: READS,
  route: 'GET /api/journal/stats',
  request: (args) => ({ query: { ...args } }),
});

export const listJournalTrades = routeTool({
  name: 'list_journal_trades',
  title: 'Journal trades',
  description:
    "The paper account's trades in the learner's journal, newest first: open ones, or closed ones (default) with the same filters as journal_stats; each with its id, strategy, underlying, dates, P&L, risk, exit reason, tags and whether it has a reflection yet. Use a trade's id with add_journal_reflection.",
  input: {
    status: z.enum(['open', 'closed']).default('closed').describe('Open or closed trades'),
    limit: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(20)
      .describe('How many trades at most'),
    ...filters,
  },
  annotations: READS,
  route: 'GET /api/journal/trades',
  request: (args) => ({ query: { ...args } }),
});

const Tags = z.array(z.string().min(1).max(ENTRY_LIMITS.tag)).max(ENTRY_LIMITS.tags, `at most ${ENTRY_LIMITS.tags} tags`);

export const addJournalReflection = routeTool({
  name: 'add_journal_reflection',
  title: 'Add a journal reflection',
  description:
    "Adds a reflection to one trade of the learner's journal: the thesis, what was learnt, a grade of the execution, confidence, setup and mistake tags, and free notes. Write what the trade teaches, in plain words. It is saved as written by this agent; the learner earns nothing for it. Needs a token with the 'trade' scope (or a signed-in browser session).",
  input: {
    tradeId: z.string().min(1).max(64).describe('The trade id from list_journal_trades'),
    title: z.string().max(120).optional().describe('A short title'),
    thesis: z.string().max(ENTRY_LIMITS.line).optional().describe('Why the trade was opened: the view and the setup'),
    outlook: z.enum(OUTLOOKS).optional().describe('The market view the trade expressed'),
    lesson: z.string().max(ENTRY_LIMITS.line).optional().describe('What the trade teaches'),
    grade: z.enum(GRADES).optional().describe('A grade of the execution (not of the P&L), A best'),
    confidence: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be from 1 to 5')
      .max(5, 'must be from 1 to 5')
      .optional()
      .describe('Confidence in the setup, 1 to 5'),
    setupTags: Tags.optional().describe('Tags of the setup, e.g. "earnings", "high IV"'),
    mistakeTags: Tags.optional().describe('Tags of mistakes, e.g. "sized too big"'),
    body: z.string().max(ENTRY_LIMITS.body).optional().describe('Free notes'),
  },
  annotations: WRITES(false),
  route: 'POST /api/journal/entries',
  request: (args) => ({ body: Object.fromEntries(Object.entries({ kind: 'trade', ...args }).filter(([, v]) => v !== undefined)) }),
});

export const JOURNAL_TOOLS = [journalStats, listJournalTrades, addJournalReflection];
