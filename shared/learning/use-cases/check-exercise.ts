import { fail, ok, type Result } from '../../result';
import { courseIndex } from '../course-index';
import { checkExercise as judge, type ExerciseCheck } from '../exercises';
import { LEARNING_TEXTS } from '../learning.errors';
import { recordExercise, type LearningProgress } from '../progress';
import { changeProgress, readProgress } from './change-progress';
import type { LearningDeps } from './deps';

/** How many of the learner's journal entries a journal requirement looks at (the newest). */
const ENTRIES_LOOKED_AT = 100;

/** How many of the current run's orders an order requirement looks at (the newest). */
const ORDERS_LOOKED_AT = 100;

/**
 * POST /api/learning/exercises/{exerciseId}/check: each requirement judged on the learner's paper account as it is
 * now (read through the paper account's ports, changing nothing there); a passed exercise is recorded once.
 */
export async function checkExercise(deps: LearningDeps, userId: string, exerciseId: string): Promise<Result<ExerciseCheck & { progress: LearningProgress }>> {
  const found = courseIndex(deps.course.course()).exercise(exerciseId);
  if (!found) return fail('not_found', LEARNING_TEXTS.noExercise(exerciseId));
  const account = await deps.paper.getAccount(userId);
  const [positions, orders] = account
    ? await Promise.all([deps.paper.getPositions(userId), deps.paper.listOrders(userId, { limit: ORDERS_LOOKED_AT })])
    : [[], []];
  const current = orders.filter((o) => o.run === account?.run);
  const unfilledAtOnce = current.filter((o) => o.type === 'limit' && !(o.status === 'filled' && o.filledAt === o.createdAt));
  const contracts = [...new Set(unfilledAtOnce.flatMap((o) => o.legs.map((l) => l.contract)))];
  const quotes = contracts.length ? await deps.quotes.quotes(contracts) : new Map();
  const judged = (await readProgress(deps, userId)).judgedOrders?.[exerciseId] ?? [];
  const journalEntries =
    found.exercise.requirements.some((r) => r.type === 'journal') && deps.journal ? await deps.journal.latestEntryFacts(userId, ENTRIES_LOOKED_AT) : [];
  const check = judge(found.exercise, {
    hasAccount: !!account,
    positions,
    orders: current,
    quotes,
    now: deps.clock.now(),
    judgedOrders: new Set(judged),
    journalEntries,
  });
  const metOrders = check.requirements.flatMap((r) => (r.orderId ? [r.orderId] : []));
  const saved = await changeProgress(
    deps,
    userId,
    (progress) => ok(recordExercise(progress, exerciseId, check.passed)),
    (stored) => {
      const before = stored.judgedOrders?.[exerciseId] ?? [];
      const after = [...new Set([...before, ...metOrders])];
      return { judgedOrders: after.length === before.length ? (stored.judgedOrders ?? {}) : { ...stored.judgedOrders, [exerciseId]: after } };
    },
  );
  if (!saved.ok) return saved;
  return ok({ passed: check.passed, requirements: check.requirements.map(({ orderId: _o, ...r }) => r), progress: saved.value.next });
}
