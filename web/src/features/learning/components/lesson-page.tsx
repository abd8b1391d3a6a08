import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useCompleteLesson, useLearningModule, type LessonDetail, type ModuleDetail } from '@web/api/learning';
import { Button, buttonClass } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { useCelebrationHold } from '@web/lib/celebration-hold';
import { exercisePath, findLesson, lessonPath, quizPath } from '../lib/course';
import { LessonBlock } from './blocks';
import { QuizForm, type Answers } from './quiz-form';
import { LoadFailure } from './load-failure';

/** Keys that move between lessons, unless the learner is typing, choosing or sliding. */
function isInteractive(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return !!target.closest('input, textarea, select, [contenteditable="true"], [role="slider"], [role="radiogroup"]');
}

/** /app/learning/:moduleId/:lessonId — the lesson reader (issue 17); /app/learning/:moduleId resumes the module. */
export default function LessonPage() {
  const { moduleId = '', lessonId = '' } = useParams();
  const module = useLearningModule(moduleId);
  if (module.isPending) return <Spinner label="Loading the lesson…" />;
  if (module.isError) return <LoadFailure error={module.error} onRetry={module.refetch} retrying={module.isFetching} what="this lesson" />;
  const found = findLesson(module.data, lessonId);
  if (!found) {
    // /app/learning/<module> opens the module where the learner left off; an unknown lesson goes back to the path.
    const resume = module.data.lessons.find((l) => !l.completed) ?? module.data.lessons[0];
    return <Navigate to={!lessonId && resume ? lessonPath(resume.id) : '/app/learning'} replace />;
  }
  return <LessonReader key={found.lesson.id} module={module.data} lesson={found.lesson} index={found.index} />;
}

function LessonReader({ module, lesson, index }: { module: ModuleDetail; lesson: LessonDetail; index: number }) {
  usePageMeta({
    title: `${lesson.title} · ${module.title}`,
    description: `Lesson ${index + 1} of ${module.title}.`,
    path: lessonPath(lesson.id),
    noindex: true,
  });
  const navigate = useNavigate();
  const prev = module.lessons[index - 1] ?? null;
  const next = module.lessons[index + 1] ?? null;
  const after = next ? { to: lessonPath(next.id), label: next.title } : { to: quizPath(module.id), label: `${module.title}: quiz` };
  const [opened] = useState(() => Date.now());
  const complete = useCompleteLesson();
  const [answers, setAnswers] = useState<Answers>({});
  const [checkPassed, setCheckPassed] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  // Open beside the lesson on a wide screen; folded above it on a phone, where it would push the lesson down.
  const [tocOpen, setTocOpen] = useState(() => window.matchMedia?.('(min-width: 1024px)').matches ?? true);
  // Passing a lesson's check completes the lesson on the server; the answer's progress says so.
  const [checkCompleted, setCheckCompleted] = useState(false);
  const done = lesson.completed || complete.isSuccess || checkCompleted;
  const canComplete = !lesson.check || checkPassed || lesson.completed;
  // A level reached mid-lesson is said by a toast; the modal waits until the lesson is complete or left (issue 33).
  useCelebrationHold(!done, 'Back to the lesson');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || isInteractive(e.target)) return;
      if (e.key === 'ArrowLeft' && prev) navigate(lessonPath(prev.id));
      else if (e.key === 'ArrowRight') navigate(after.to);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, prev, after.to]);

  /** A chain task's click answers the check question that offers that contract, when the lesson has one. */
  const pick = (ticker: string) => {
    setPicked(ticker);
    const question = lesson.check?.questions.find((q) => q.options?.includes(ticker));
    if (question) setAnswers((a) => ({ ...a, [question.id]: ticker }));
  };

  const finish = () => {
    const minutesSpent = Math.min(240, Math.max(1, Math.round((Date.now() - opened) / 60_000)));
    complete.mutate({ lessonId: lesson.id, minutesSpent });
  };

  const sectionId = (i: number) => `block-${i}`;

  return (
    <div className="mx-auto max-w-6xl lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
      <nav aria-label="Table of contents" className="mb-4 lg:sticky lg:top-4 lg:mb-0 lg:self-start">
        <details className="rounded-xl bg-white p-3 ring-1 ring-slate-200" open={tocOpen} onToggle={(e) => setTocOpen(e.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">
            {module.title}: {module.lessons.filter((l) => l.completed).length} of {module.lessons.length} lessons done
          </summary>
          <ol className="mt-2 space-y-0.5 text-sm">
            {module.lessons.map((l, i) => (
              <li key={l.id}>
                <Link
                  to={lessonPath(l.id)}
                  aria-current={l.id === lesson.id ? 'page' : undefined}
                  className={`flex items-start gap-2 rounded px-2 py-1 ${l.id === lesson.id ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-800 hover:bg-slate-50'}`}
                >
                  <span aria-hidden className="w-4 shrink-0 text-center">
                    {l.completed ? '✓' : i + 1}
                  </span>
                  <span>
                    {l.title}
                    {l.completed && <span className="sr-only"> (done)</span>}
                  </span>
                </Link>
                {l.id === lesson.id && (
                  <ol className="mb-1 ml-8 space-y-0.5 border-l border-slate-200 pl-2 text-xs">
                    {lesson.blocks.map((b, bi) => (
                      <li key={bi}>
                        <a href={`#${sectionId(bi)}`} className="block py-0.5 text-slate-700 hover:text-slate-900 hover:underline">
                          {b.title}
                        </a>
                      </li>
                    ))}
                    {lesson.check && (
                      <li>
                        <a href="#lesson-check" className="block py-0.5 text-slate-700 hover:underline">
                          Check your understanding
                        </a>
                      </li>
                    )}
                  </ol>
                )}
              </li>
            ))}
            <li>
              <Link to={quizPath(module.id)} className="flex gap-2 rounded px-2 py-1 text-slate-800 hover:bg-slate-50">
                <span aria-hidden className="w-4 text-center">
                  ?
                </span>{' '}
                Module quiz
              </Link>
            </li>
            {module.practicalExercise && (
              <li>
                <Link to={exercisePath(module.id)} className="flex gap-2 rounded px-2 py-1 text-slate-800 hover:bg-slate-50">
                  <span aria-hidden className="w-4 text-center">
                    ★
                  </span>{' '}
                  Practical exercise
                </Link>
              </li>
            )}
          </ol>
        </details>
      </nav>
      <article className="min-w-0 space-y-8" aria-labelledby="lesson-title">
        <header className="space-y-1">
          <p className="text-sm text-slate-700">
            <Link to="/app/learning" className="underline">
              Learning
            </Link>{' '}
            › {module.title} › Lesson {index + 1} of {module.lessons.length}
          </p>
          <h1 id="lesson-title" className="text-2xl font-bold text-slate-900">
            {lesson.title}
          </h1>
          <p className="text-sm text-slate-700">
            About {lesson.minutes} minutes{done ? ' · Completed' : ''}
          </p>
        </header>
        {lesson.blocks.map((b, i) => (
          <LessonBlock key={i} block={b} id={sectionId(i)} task={{ lessonId: lesson.id, block: i }} pickedContract={picked} onPickContract={pick} />
        ))}
        {lesson.check && (
          <section id="lesson-check" className="scroll-mt-20 rounded-2xl bg-slate-100 p-4 sm:p-5">
            <QuizForm
              quiz={lesson.check}
              heading="Check your understanding"
              answers={answers}
              onAnswersChange={setAnswers}
              onResult={(r) => {
                setCheckPassed(r.passed);
                setCheckCompleted(r.progress.completedLessons.includes(lesson.id));
              }}
              submitLabel="Check my answers"
              returnLabel="Back to the lesson"
            />
          </section>
        )}
        <section aria-label="Finish the lesson" className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          {done ? (
            // Said, not only shown by a button that goes away (issue 33): the lesson is complete, and what comes next.
            <div role="status" className="space-y-2" data-testid="lesson-complete">
              <p className="text-lg font-bold text-emerald-800">✓ Lesson complete</p>
              <p className="text-sm text-slate-800">
                {next ? `Next: lesson ${index + 2} of ${module.lessons.length}, ` : 'Next: '}
                <Link to={after.to} className="font-semibold text-brand-800 underline">
                  {next ? next.title : `the ${module.title} quiz`}
                </Link>
                .
              </p>
            </div>
          ) : (
            <>
              <Button onClick={finish} disabled={!canComplete || complete.isPending}>
                {complete.isPending ? 'Saving…' : 'Complete lesson'}
              </Button>
              {!canComplete && <p className="text-sm text-slate-700">Pass the check above to complete the lesson.</p>}
            </>
          )}
          {complete.isError && (
            <p role="alert" className="text-sm text-red-800">
              {complete.error.message}
            </p>
          )}
        </section>
        <nav aria-label="Lessons" className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
          {prev ? (
            <Link to={lessonPath(prev.id)} rel="prev" className={buttonClass('secondary')}>
              ← {prev.title}
            </Link>
          ) : (
            <Link to="/app/learning" className={buttonClass('secondary')}>
              ← All modules
            </Link>
          )}
          <Link to={after.to} rel="next" className={buttonClass(done ? 'primary' : 'secondary')}>
            {after.label} →
          </Link>
        </nav>
        <p className="text-xs text-slate-600">Tip: the ← and → keys move to the previous and next lesson.</p>
      </article>
    </div>
  );
}
