/**
 * Journal entries (issue 18; spec part 3 §3 "Journal entry: id, date and free fields", §4, §9): the learner's part.
 * An entry reflects on one trade, or stands alone (a daily plan, a weekly review, a note).
 */
export const EMOTIONS = ['calm', 'confident', 'excited', 'anxious', 'fearful', 'greedy', 'frustrated', 'bored', 'impatient', 'relieved'] as const;
export type Emotion = (typeof EMOTIONS)[number];
export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export const OUTLOOKS = ['bullish', 'bearish', 'neutral', 'volatile'] as const;
export const FREE_KINDS = ['daily_plan', 'weekly_review', 'note'] as const;

/** Default setup tags; the learner adds their own. */
export const DEFAULT_SETUP_TAGS = [
  'trend follow',
  'range bound',
  'high IV sell',
  'low IV buy',
  'earnings play',
  'support bounce',
  'breakout',
  'hedge',
] as const;
/** Default mistake tags (as Edgewonk's and TradeNote's mistake lists); the learner adds their own. */
export const DEFAULT_MISTAKE_TAGS = [
  'sized too big',
  'no exit plan',
  'chased fill',
  'held through earnings unplanned',
  'ignored assignment risk',
  'moved my stop',
  'closed winner too early',
  'revenge trade',
] as const;

/** Bounds (issue 18: "a bounded number (say 5,000)", bodies bounded in size). */
export const ENTRY_LIMITS = {
  entries: 5_000,
  body: 20_000,
  line: 2_000,
  tag: 40,
  tags: 12,
} as const;

export const JOURNAL_TEXTS = {
  limit: `You have reached the journal's limit of ${ENTRY_LIMITS.entries.toLocaleString('en-US')} entries. Delete entries you no longer need to add new ones.`,
  noTrade: (id: string) => `No journal trade ${id}.`,
  noEntry: (id: string) => `No journal entry ${id}.`,
  tradeHasEntry: 'This trade already has a journal entry: edit it instead.',
  busy: 'Your journal changed at the same moment; please try again.',
} as const;

/** What an entry holds (the fields the XP rule reads). */
export interface EntryFields {
  thesis: string;
  setupTags: readonly string[];
  lesson: string;
}

/** XP for an entry (spec part 3 §9: 25 XP per journal entry), given by its consumers (gamification, the course). */
export const ENTRY_XP = 25;

/** A line "of some substance": at least this many letters, in at least this many words. */
const SUBSTANCE = { letters: 15, words: 3 } as const;

export function hasSubstance(text: string): boolean {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  return words.length >= SUBSTANCE.words && letters >= SUBSTANCE.letters;
}

/**
 * The XP rule (issue 18: XP needs a setup or thesis and a lesson line, so empty entries cannot
 * be farmed for XP): an entry earns XP only with a real reflection, a setup tag or a thesis of substance AND a
 * lesson of substance. An empty entry earns nothing.
 */
export function isRealReflection(e: EntryFields): boolean {
  return (e.setupTags.length > 0 || hasSubstance(e.thesis)) && hasSubstance(e.lesson);
}

/**
 * A written plan (issue 19: 20 XP for a closed trade that had one; reward the process, not activity or profit: Chapkovski,
 * Khapko and Zoican, "Trading Gamification and Investor Behavior", Management Science 2024): the trade's entry, written before the trade closed, has a thesis of substance and at least one
 * planned exit (a profit target, a stop or a time exit).
 */
export function hasWrittenPlan(
  e: { thesis: string; plannedExit: { profitTargetPct: number | null; stop: string; time: string }; createdAt: string } | null,
  closedAt: string,
): boolean {
  if (!e || e.createdAt > closedAt) return false;
  const exit = e.plannedExit.profitTargetPct !== null || e.plannedExit.stop.trim() !== '' || e.plannedExit.time.trim() !== '';
  return hasSubstance(e.thesis) && exit;
}

/**
 * What an entry's XP is keyed by, so that deleting and re-creating it earns nothing twice: a trade's reflection by the
 * trade (one award per trade ever), a free entry by its kind and New York date (one daily plan a day, one weekly
 * review a day, one note a day).
 */
export function awardKey(e: { tradeId: string | null; kind: string; date: string }): string {
  return e.tradeId ? `trade#${e.tradeId}` : `${e.kind}#${e.date}`;
}
