import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useExerciseCheck, useLearningModule, useLearningProgress } from '@web/api/learning';
import { Button, buttonClass } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { exercisePath } from '../lib/course';
import { ContentText } from './markdown';
import { LoadFailure } from './load-failure';

const REQUIREMENT_KIND = { position: 'Position', order: 'Order', journal: 'Journal' } as const;

/**
 * /app/learning/:moduleId/exercise — a practical exercise (spec part 3 §3): the scenario, its requirements, hints one
 * at a time, and "Check my account", which the server answers from the learner's real paper account.
 */
export default function ExercisePage() {
  const { moduleId = '' } = useParams();
  const module = useLearningModule(moduleId);
  const progress = useLearningProgress();
  const check = useExerciseCheck();
  const [hints, setHints] = useState(0);
  usePageMeta({
    title: module.data?.practicalExercise?.title ?? 'Practical exercise',
    description: 'A practical exercise on your paper account.',
    path: exercisePath(moduleId),
    noindex: true,
  });
  if (module.isPending) return <Spinner label="Loading the exercise…" />;
  if (module.isError) return <LoadFailure error={module.error} onRetry={module.refetch} retrying={module.isFetching} what="this exercise" />;
  const exercise = module.data.practicalExercise;
  if (!exercise) return <LoadFailure error={new Error('This module has no practical exercise.')} what="this exercise" />;
  const doneBefore = progress.data?.practicalExercisesCompleted.includes(exercise.id) ?? false;
  const result = check.data;

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header className="space-y-1">
        <p className="text-sm text-slate-700">
          <Link to="/app/learning" className="underline">
            Learning
          </Link>{' '}
          › {module.data.title} › Practical exercise
        </p>
        <h1 className="text-2xl font-bold text-slate-900">{exercise.title}</h1>
        <p className="text-slate-700">{exercise.description}</p>
        {doneBefore && (
          <p className="text-sm font-semibold text-emerald-800" data-testid="exercise-done">
            You have completed this exercise.
          </p>
        )}
      </header>
      <section aria-labelledby="scenario" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="scenario" className="mb-2 text-lg font-bold text-slate-900">
          Scenario
        </h2>
        <ContentText>{exercise.scenario}</ContentText>
      </section>
      <section aria-labelledby="requirements" className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="requirements" className="text-lg font-bold text-slate-900">
          Requirements
        </h2>
        <ol className="space-y-2">
          {exercise.requirements.map((r, i) => {
            const answer = result?.requirements[i];
            return (
              <li key={i} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="requirement">
                <p className="text-slate-900">
                  <span className="mr-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{REQUIREMENT_KIND[r.type]}</span>
                  {r.description}
                </p>
                {answer && (
                  <p className={`mt-1 text-sm font-medium ${answer.met ? 'text-emerald-800' : 'text-red-800'}`}>
                    {answer.met ? '✓ Met' : '✗ Not met'}: {answer.detail}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
        <p className="text-sm text-slate-700">
          Place the trade on your paper account:{' '}
          <Link to="/app/optionschain" className="font-semibold text-brand-800 underline">
            the options chain
          </Link>{' '}
          for one contract, or{' '}
          <Link to="/app/trading" className="font-semibold text-brand-800 underline">
            the strategy builder
          </Link>{' '}
          for several legs; then come back and check.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => check.mutate(exercise.id)} disabled={check.isPending}>
            {check.isPending ? 'Checking…' : 'Check my account'}
          </Button>
        </div>
        {check.isError && (
          <p role="alert" className="text-sm text-red-800">
            {check.error.message}
          </p>
        )}
        {result && (
          <p
            role="status"
            className={`rounded-lg p-3 font-semibold ring-1 ${result.passed ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-amber-50 text-amber-950 ring-amber-200'}`}
            data-testid="exercise-result"
          >
            {result.passed
              ? 'Every requirement is met: exercise complete.'
              : `${result.requirements.filter((r) => r.met).length} of ${result.requirements.length} requirements met so far.`}
          </p>
        )}
      </section>
      {exercise.hints.length > 0 && (
        <section aria-labelledby="hints" className="space-y-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="hints" className="text-lg font-bold text-slate-900">
            Hints
          </h2>
          <ol className="list-decimal space-y-1 pl-5 text-slate-800" aria-live="polite">
            {exercise.hints.slice(0, hints).map((h, i) => (
              <li key={i}>
                <ContentText>{h}</ContentText>
              </li>
            ))}
          </ol>
          {hints < exercise.hints.length ? (
            <Button variant="secondary" onClick={() => setHints((n) => n + 1)}>
              {hints === 0 ? 'Show a hint' : `Show hint ${hints + 1} of ${exercise.hints.length}`}
            </Button>
          ) : (
            <p className="text-sm text-slate-600">That is every hint.</p>
          )}
        </section>
      )}
      <Link to="/app/learning" className={buttonClass('secondary')}>
        Back to the learning path
      </Link>
    </div>
  );
}
