import { fail, ok, type Result } from '../../result';
import { judgeChainPick, type ChainPickJudgment } from '../chain-task';
import { SNAPSHOTS } from '../content/lib/snapshot';
import { courseIndex } from '../course-index';
import { LEARNING_TEXTS } from '../learning.errors';
import type { LearningDeps } from './deps';

/**
 * POST /api/learning/lessons/{lessonId}/chain-task: a click on a lesson's chain task judged on the server (the key never
 * leaves it), with why. It records nothing: the lesson's check, which the click also answers, is what counts.
 */
export function answerChainTask(deps: Pick<LearningDeps, 'course'>, lessonId: string, block: number, contract: string): Result<ChainPickJudgment> {
  const found = courseIndex(deps.course.course()).lesson(lessonId);
  if (!found) return fail('not_found', LEARNING_TEXTS.noLesson(lessonId));
  const b = found.lesson.blocks[block];
  if (!b || b.type !== 'interactive' || b.widget.kind !== 'chain-task') return fail('not_found', LEARNING_TEXTS.noChainTask(lessonId, block));
  const task = b.widget;
  const snapshot = Object.hasOwn(SNAPSHOTS, task.snapshot) ? SNAPSHOTS[task.snapshot] : undefined;
  const expiry = snapshot?.expiries.find((e) => e.expiration === task.expiration);
  if (!snapshot || !expiry) return fail('not_found', LEARNING_TEXTS.noChainTask(lessonId, block));
  const judged = judgeChainPick(task, { underlying: snapshot.underlying, underlyingPrice: snapshot.underlyingPrice, contracts: expiry.contracts }, contract);
  return judged ? ok(judged) : fail('bad_request', LEARNING_TEXTS.notOnChain(contract));
}
