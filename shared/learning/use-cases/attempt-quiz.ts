import { fail, ok, type Result } from '../../result';
import { courseIndex } from '../course-index';
import { gradeQuiz, unknownAnswers, type Answer, type QuestionResult } from '../grading';
import { LEARNING_TEXTS } from '../learning.errors';
import { recordAttempt, type LearningProgress } from '../progress';
import { changeProgress } from './change-progress';
import type { LearningDeps } from './deps';

export interface AttemptOutcome {
  score: number;
  passed: boolean;
  bestScore: number;
  results: QuestionResult[];
  progress: LearningProgress;
}

/**
 * POST /api/learning/quizzes/{quizId}/attempts: graded on the server; the best score is kept; the keys and
 * explanations go back only with the attempt's result. A retried attempt is graded again, and awards nothing twice.
 */
export async function attemptQuiz(deps: LearningDeps, userId: string, quizId: string, answers: Record<string, Answer>): Promise<Result<AttemptOutcome>> {
  const index = courseIndex(deps.course.course());
  const found = index.quiz(quizId);
  if (!found) return fail('not_found', LEARNING_TEXTS.noQuiz(quizId));
  const stray = unknownAnswers(found.quiz, answers);
  if (stray.length) return fail('bad_request', LEARNING_TEXTS.notAQuestion(stray[0]!));
  const grade = gradeQuiz(found.quiz, answers);
  const at = deps.clock.now().toISOString();
  const result = await changeProgress(deps, userId, (progress) => recordAttempt(index, progress, quizId, grade, at));
  if (!result.ok) return result;
  const progress = result.value.next;
  return ok({ score: grade.score, passed: grade.passed, bestScore: progress.quizScores[quizId] ?? grade.score, results: grade.results, progress });
}
