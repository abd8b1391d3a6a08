import { levelAchievement, levelOf, type Achievement, type LearningProgress } from './progress';

/**
 * What the journal's reflections add to the course (spec part 3 §4 and §9: "Adding a journal entry adds 25 XP.
 * Achievements unlock at the 1st, 10th and 50th entries"). Learning hears of a counted reflection from the journal's
 * JournalEntryAdded event (published once per award key, with how many reflections the journal has counted so far);
 * learning never reads or writes the journal's items to decide it.
 */
export const COURSE_XP_PER_REFLECTION = 25;
/** Milestone achievements at the 1st, 10th and 50th counted reflection. */
export const REFLECTION_MILESTONES = [1, 10, 50] as const;

export function milestoneAchievement(n: number, at: string): Achievement {
  return {
    id: `journal-entries-${n}`,
    title: n === 1 ? 'First journal entry' : `${n} journal entries`,
    description: n === 1 ? 'Reflected on trading in the journal for the first time.' : `Reflected on trading in ${n} journal entries.`,
    icon: 'notebook-pen',
    unlockedAt: at,
    category: 'learning',
  };
}

/**
 * Course progress after one counted reflection: 25 course XP, the course level that follows (a course level reached
 * unlocks its achievement), and the milestones the count `counted` has reached (each achievement added once per id).
 * `counted` is how many reflections the journal has counted, this one included; unknown (an event published before
 * the journal carried it) adds the XP and no milestone.
 */
export function progressAfterReflection(progress: LearningProgress, change: { counted: number | undefined; at: string }): LearningProgress {
  const experience = progress.experience + COURSE_XP_PER_REFLECTION;
  const level = Math.max(progress.level, levelOf(experience));
  const achievements = [...progress.achievements];
  const add = (a: Achievement) => {
    if (!achievements.some((x) => x.id === a.id)) achievements.push(a);
  };
  for (let l = progress.level + 1; l <= level; l++) add(levelAchievement(l, change.at));
  for (const n of REFLECTION_MILESTONES) if ((change.counted ?? 0) >= n) add(milestoneAchievement(n, change.at));
  return { ...progress, experience, level, achievements };
}
