import { describe, expect, it } from 'vitest';
import { COURSE_XP_PER_REFLECTION, progressAfterReflection } from '@shared/learning/journal-reflections';
import { defaultProgress } from '@shared/learning/progress';
import { getProgress } from '@shared/learning/use-cases/read-course';
import { recordReflection } from '@shared/learning/use-cases/record-reflection';
import { memoryLearningRepo } from './memory-learning-repo';

const USER = 'learner-1';
const at = '2026-11-25T20:00:00.000Z';

function setup(entries = 0) {
  const repo = memoryLearningRepo();
  const journal = { entryCount: async () => entries, latestEntryFacts: async () => [] };
  return { repo, deps: { repo, journal } };
}

describe('course progress from a journal reflection', () => {
  it('adds 25 course XP, the milestones at 1, 10 and 50, and the course level-up achievement once', () => {
    const p1 = progressAfterReflection(defaultProgress(), { counted: 1, at });
    expect(p1).toMatchObject({ experience: COURSE_XP_PER_REFLECTION, level: 1 });
    expect(p1.achievements.map((a) => a.id)).toEqual(['journal-entries-1']);
    const p10 = progressAfterReflection({ ...p1, experience: 480 }, { counted: 10, at });
    expect(p10).toMatchObject({ experience: 505, level: 2 });
    expect(p10.achievements.map((a) => a.id)).toEqual(['journal-entries-1', 'learning-level-2', 'journal-entries-10']);
    const p11 = progressAfterReflection(p10, { counted: 11, at });
    expect(p11.achievements).toHaveLength(3);
  });

  it('adds the XP but no milestone when the event does not say how many reflections were counted', () => {
    expect(progressAfterReflection(defaultProgress(), { counted: undefined, at })).toMatchObject({ experience: 25, achievements: [] });
  });
});

describe('recordReflection (the consumer of JournalEntryAdded)', () => {
  it('awards 25 course XP with the receipt, and the same event again awards nothing', async () => {
    const { repo, deps } = setup(1);
    expect(await recordReflection(deps, { userId: USER, counted: 1, at }, 'receipt-A')).toEqual({ ok: true, value: 'recorded' });
    expect(await recordReflection(deps, { userId: USER, counted: 1, at }, 'receipt-A')).toEqual({ ok: true, value: 'duplicate' });
    expect(await getProgress(deps, USER)).toMatchObject({ experience: 25, journalEntries: 1 });
    expect(repo.saves).toBe(1);
  });

  it("skips an entry the learner's agent token wrote: no course XP, no milestone, no write, however often it comes", async () => {
    const { repo, deps } = setup(1);
    const event = { userId: USER, at, agent: 'my-bot' };
    expect(await recordReflection(deps, event, 'receipt-agent')).toEqual({ ok: true, value: 'skipped' });
    expect(await recordReflection(deps, event, 'receipt-agent')).toEqual({ ok: true, value: 'skipped' });
    expect(repo.saves).toBe(0);
    expect(await getProgress(deps, USER)).toMatchObject({ experience: 0, achievements: [] });
    // The learner's own reflection still earns its XP.
    expect(await recordReflection(deps, { userId: USER, counted: 1, at }, 'receipt-own')).toEqual({ ok: true, value: 'recorded' });
    expect(await getProgress(deps, USER)).toMatchObject({ experience: 25 });
  });

  it('two reflections at once both count: the loser of the race decides again from fresh state', async () => {
    const { repo, deps } = setup(2);
    repo.beforeNextSave(USER, (p) => progressAfterReflection(p, { counted: 1, at }));
    expect((await recordReflection(deps, { userId: USER, counted: 2, at }, 'receipt-B')).ok).toBe(true);
    expect(repo.conflicts).toBe(1);
    const progress = await getProgress(deps, USER);
    expect(progress.experience).toBe(50);
    expect(progress.achievements.map((a) => a.id)).toEqual(['journal-entries-1']);
  });

  it('keeps what the course has reported once ever, so a reflection cannot make a lesson report again', async () => {
    const { repo, deps } = setup();
    await repo.save(USER, 0, defaultProgress(), [], { published: ['lesson:x'], judgedOrders: { ex: ['o1'] } });
    await recordReflection(deps, { userId: USER, counted: 1, at }, 'receipt-C');
    expect(await repo.get(USER)).toMatchObject({ published: ['lesson:x'], judgedOrders: { ex: ['o1'] }, progress: { experience: 25 } });
  });

  it("shows the journal's entry count as it is now, whatever was stored", async () => {
    const { deps } = setup(7);
    expect((await getProgress(deps, USER)).journalEntries).toBe(7);
  });
});
