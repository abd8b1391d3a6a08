import { Link } from 'react-router-dom';
import type { ModuleSummary } from '@web/api/learning';
import { EmptyState, Tile } from '../tile';
import type { QueryLike } from '@web/components/query-state';

type Query<T> = QueryLike<T>;

/**
 * The next lesson (the first unfinished lesson of the first unlocked, unfinished module in path order) and the review
 * due (a module whose lessons are all done but whose quiz is not passed yet): GET /api/learning/modules, which carries
 * each lesson's completion.
 */
export function nextSteps(modules: readonly ModuleSummary[]) {
  const started = modules.some((m) => m.lessons.some((l) => l.completed));
  const review = modules.find((m) => m.unlocked && !m.completed && m.lessons.length > 0 && m.lessons.every((l) => l.completed)) ?? null;
  let next: { module: ModuleSummary; lesson: ModuleSummary['lessons'][number] } | null = null;
  for (const m of modules) {
    if (!m.unlocked || m.completed) continue;
    const lesson = m.lessons.find((l) => !l.completed);
    if (lesson) {
      next = { module: m, lesson };
      break;
    }
  }
  return { started, next, review, done: modules.length > 0 && modules.every((m) => m.completed) };
}

export function LearningTile({ modules }: { modules: Query<{ modules: ModuleSummary[] }> }) {
  const steps = nextSteps(modules.data?.modules ?? []);
  const completed = (modules.data?.modules ?? []).filter((m) => m.completed).length;
  return (
    <Tile id="learning" title="Learning" to="/app/learning" linkLabel="Course" query={modules}>
      {!steps.started && steps.next ? (
        <EmptyState
          text={`Start with ${steps.next.module.title}: "${steps.next.lesson.title}" takes about ${steps.next.lesson.minutes} minutes.`}
          action="Take your first lesson"
          to={`/app/learning/${steps.next.module.id}/${steps.next.lesson.id}`}
        />
      ) : (
        <div className="space-y-3 text-sm">
          <p className="text-slate-700">
            {completed} of {modules.data?.modules.length ?? 0} modules completed
          </p>
          {steps.next && (
            <p>
              <span className="block text-xs text-slate-600">Next lesson · {steps.next.module.title}</span>
              <Link to={`/app/learning/${steps.next.module.id}/${steps.next.lesson.id}`} className="font-semibold text-brand-700 underline">
                {steps.next.lesson.title}
              </Link>{' '}
              <span className="text-xs text-slate-600">({steps.next.lesson.minutes} min)</span>
            </p>
          )}
          {steps.review ? (
            <p>
              <span className="block text-xs text-slate-600">Review due</span>
              <Link to={`/app/learning/${steps.review.id}/quiz`} className="font-semibold text-brand-700 underline">
                {steps.review.title} quiz
              </Link>{' '}
              <span className="text-xs text-slate-600">(every lesson done; pass the quiz with 80% to complete the module)</span>
            </p>
          ) : (
            <p className="text-xs text-slate-600">No review due: a module's quiz falls due once its lessons are done.</p>
          )}
          {steps.done && <p className="font-semibold text-emerald-800">You have completed the whole course.</p>}
        </div>
      )}
    </Tile>
  );
}
