import { plural } from '@shared/format/words';
import { useState } from 'react';
import { formatCount } from '@shared/format/number';
import { Link } from 'react-router-dom';
import { useLearningModules, useLearningProgress, useResetLearning, type LearningProgress, type ModuleSummary } from '@web/api/learning';
import { Modal } from '@web/components/trading/modal';
import { Button, buttonClass } from '@web/components/ui/button';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { formatMinutes, lessonPath, missingPrerequisites, nextStep, nextStepIn, quizPath } from '../lib/course';
import { LoadFailure } from './load-failure';

const DIFFICULTY = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;

/**
 * /app/learning — the path through the course's modules, the learner's course progress in modules and lessons done,
 * course XP, time and achievements (issue 17). The one level the product shows is the gamification level in the header.
 */
export default function LearningPage() {
  usePageMeta({
    title: 'Learning',
    description: 'The options course: modules, lessons, quizzes and practical exercises.',
    path: '/app/learning',
    noindex: true,
  });
  const modules = useLearningModules();
  const progress = useLearningProgress();
  if (modules.isPending) return <Spinner label="Loading the course…" />;
  if (modules.isError) return <LoadFailure error={modules.error} onRetry={modules.refetch} retrying={modules.isFetching} what="the course" />;
  const list = modules.data.modules;
  const next = nextStep(list, progress.data);
  const lessons = list.reduce((n, m) => n + m.lessons.length, 0);
  const done = list.reduce((n, m) => n + m.lessons.filter((l) => l.completed).length, 0);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Learning</h1>
        <p className="text-slate-700">
          {plural(list.length, 'module')}, {plural(lessons, 'lesson')}: {done} done. Each module ends in a quiz (pass mark 80%); finishing a module the first
          time earns 100 course XP.
        </p>
      </header>
      <div className="grid gap-4 md:grid-cols-[1fr_18rem]">
        <section aria-labelledby="next-h" className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
          <h2 id="next-h" className="text-sm font-semibold uppercase tracking-wide text-brand-900">
            Next up
          </h2>
          {next ? (
            <div className="mt-2 space-y-3">
              <p className="text-lg font-bold text-slate-900">{next.title}</p>
              <Link to={next.path} className={buttonClass('primary')} data-testid="continue">
                {done === 0 && next.kind === 'lesson' ? 'Start learning' : 'Continue'}
              </Link>
            </div>
          ) : list.every((m) => m.completed) ? (
            <p className="mt-2 text-slate-800">You have finished every module available so far. More are on the way.</p>
          ) : (
            <p className="mt-2 text-slate-800">The modules left wait for a module to be finished first: see the path below.</p>
          )}
        </section>
        <QueryState query={progress} pendingLabel="Loading your progress…">
          {(d) => <CourseProgressCard progress={d} modules={list} />}
        </QueryState>
      </div>
      <section aria-labelledby="path-h" className="space-y-3">
        <h2 id="path-h" className="text-lg font-bold text-slate-900">
          Your path
        </h2>
        <ol className="space-y-3">
          {list.map((m, i) => (
            <ModuleCard key={m.id} module={m} number={i + 1} modules={list} progress={progress.data} />
          ))}
        </ol>
      </section>
      {progress.data && <Achievements progress={progress.data} />}
      <ResetLearning />
    </div>
  );
}

/** A bar whose empty part reads as empty (the native <progress> track looks full in some browsers). */
function ProgressBar({ value, max, label, className = '' }: { value: number; max: number; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={`h-2 overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, (value / max) * 100)}%` }} />
    </div>
  );
}

/**
 * The course's progress in its own words: lessons and modules done, the course XP (100 per module finished the first
 * time, 25 per journal reflection; not the gamification XP in the header) and the time spent.
 */
function CourseProgressCard({ progress, modules }: { progress: LearningProgress; modules: ModuleSummary[] }) {
  const lessons = modules.reduce((n, m) => n + m.lessons.length, 0);
  const lessonsDone = modules.reduce((n, m) => n + m.lessons.filter((l) => l.completed).length, 0);
  const modulesDone = modules.filter((m) => m.completed).length;
  return (
    <section aria-labelledby="course-progress-h" className="space-y-2 rounded-2xl bg-white p-5 ring-1 ring-slate-200" data-testid="course-progress">
      <h2 id="course-progress-h" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        Course progress
      </h2>
      <p className="text-2xl font-bold text-slate-900">
        {lessonsDone} of {plural(lessons, 'lesson')} done
      </p>
      <ProgressBar value={lessonsDone} max={Math.max(1, lessons)} label="Lessons done" />
      <p className="text-sm text-slate-700">
        {modulesDone} of {plural(modules.length, 'module')} complete
      </p>
      <p className="text-sm text-slate-700">
        {formatCount(progress.experience)} course XP <span className="text-slate-600">(100 a module, 25 a journal reflection)</span>
      </p>
      <p className="text-sm text-slate-700">Time spent learning: {formatMinutes(progress.totalTimeSpent)}</p>
    </section>
  );
}

function ModuleCard({
  module: m,
  number,
  modules,
  progress,
}: {
  module: ModuleSummary;
  number: number;
  modules: ModuleSummary[];
  progress: LearningProgress | undefined;
}) {
  const done = m.lessons.filter((l) => l.completed).length;
  const best = progress?.quizScores[`${m.id}.quiz`];
  const waiting = m.unlocked ? [] : missingPrerequisites(m, modules);
  const step = m.unlocked ? nextStepIn(m, progress) : null;
  const titleId = `module-${m.id}`;
  return (
    <li
      className={`rounded-2xl p-5 ring-1 ${m.unlocked ? 'bg-white ring-slate-200' : 'bg-slate-100 ring-slate-200'}`}
      aria-labelledby={titleId}
      data-testid={`module-${m.id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          {number}. {m.title}
          {m.completed && <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 align-middle text-xs font-semibold text-emerald-900">Completed</span>}
          {!m.unlocked && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-800">Locked</span>}
        </h3>
        <p className="text-sm text-slate-700">
          {DIFFICULTY[m.difficulty]} · about {formatMinutes(m.estimatedTime)} · {m.lessons.length} lessons
        </p>
      </div>
      <p className="mt-1 text-slate-700">{m.description}</p>
      <div className="mt-3 flex items-center gap-3">
        <ProgressBar value={Math.round(m.progress)} max={100} label={`${m.title} progress`} className="flex-1" />
        <span className="w-12 text-right text-sm font-semibold tabular-nums text-slate-800">{Math.round(m.progress)}%</span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {done} of {m.lessons.length} lessons done
        {best !== undefined ? ` · quiz best ${Math.round(best)}%` : ' · quiz not taken'}
      </p>
      {waiting.length > 0 && (
        <p className="mt-2 text-sm font-medium text-slate-800" data-testid="locked-reason">
          Finish {waiting.join(' and ')} first.
        </p>
      )}
      {m.unlocked && (
        <div className="mt-3 flex flex-wrap gap-2">
          {step && (
            <Link to={step.path} className={buttonClass('primary')}>
              {step.kind === 'lesson' ? (done === 0 ? `Start: ${step.title}` : `Continue: ${step.title}`) : 'Take the quiz'}
            </Link>
          )}
          {m.lessons[0] && (
            <Link to={lessonPath(m.lessons[0].id)} className={buttonClass('secondary')}>
              Lessons
            </Link>
          )}
          <Link to={quizPath(m.id)} className={buttonClass('secondary')}>
            Quiz
          </Link>
        </div>
      )}
    </li>
  );
}

function Achievements({ progress }: { progress: LearningProgress }) {
  return (
    <section aria-labelledby="achievements-h" className="space-y-2">
      <h2 id="achievements-h" className="text-lg font-bold text-slate-900">
        Achievements
      </h2>
      {progress.achievements.length === 0 ? (
        <p className="text-slate-700">None yet: finish a module to earn your first.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {progress.achievements.map((a) => (
            <li key={a.id} className="flex gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
              <span aria-hidden className="text-2xl">
                {a.icon}
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{a.title}</span>
                <span className="block text-sm text-slate-700">{a.description}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResetLearning() {
  const [open, setOpen] = useState(false);
  const reset = useResetLearning();
  return (
    <section aria-labelledby="reset-h" className="space-y-2 border-t border-slate-200 pt-5">
      <h2 id="reset-h" className="text-base font-bold text-slate-900">
        Reset learning data
      </h2>
      <p className="text-sm text-slate-700">
        Start the course again: completed lessons and modules, quiz scores, time, XP, level and learning achievements go back to the start. Your paper account
        is not touched.
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Reset learning data
      </Button>
      {reset.isSuccess && !open && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          Your learning data was reset.
        </p>
      )}
      {open && (
        <Modal
          title="Reset learning data?"
          onClose={() => setOpen(false)}
          locked={reset.isPending}
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={reset.isPending}>
                Cancel
              </Button>
              <Button variant="danger" onClick={() => reset.mutate(undefined, { onSuccess: () => setOpen(false) })} disabled={reset.isPending}>
                {reset.isPending ? 'Resetting…' : 'Reset'}
              </Button>
            </>
          }
        >
          <p>
            All your learning progress returns to the start: lessons, quiz scores, exercises, time, XP, level and learning achievements. This cannot be undone.
          </p>
          {reset.isError && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {reset.error.message}
            </p>
          )}
        </Modal>
      )}
    </section>
  );
}
