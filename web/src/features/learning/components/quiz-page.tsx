import { plural } from '@shared/format/words';
import { Link, useParams } from 'react-router-dom';
import { useLearningModule, useLearningProgress } from '@web/api/learning';
import { buttonClass } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { exercisePath, lessonPath, quizPath } from '../lib/course';
import { LoadFailure } from './load-failure';
import { QuizForm } from './quiz-form';

/** /app/learning/:moduleId/quiz — the module's quiz (spec part 3 §3 Quiz; pass mark 80, best score kept). */
export default function QuizPage() {
  const { moduleId = '' } = useParams();
  const module = useLearningModule(moduleId);
  const progress = useLearningProgress();
  usePageMeta({ title: module.data ? `${module.data.title}: quiz` : 'Quiz', description: 'The module quiz.', path: quizPath(moduleId), noindex: true });
  if (module.isPending) return <Spinner label="Loading the quiz…" />;
  if (module.isError) return <LoadFailure error={module.error} onRetry={module.refetch} retrying={module.isFetching} what="this quiz" />;
  const m = module.data;
  const best = progress.data?.quizScores[m.quiz.id];
  const lessonsLeft = m.lessons.filter((l) => !l.completed);
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header className="space-y-1">
        <p className="text-sm text-slate-700">
          <Link to="/app/learning" className="underline">
            Learning
          </Link>{' '}
          › {m.title}
        </p>
        <h1 className="text-2xl font-bold text-slate-900">{m.title}: quiz</h1>
        {best !== undefined && (
          <p className="text-sm text-slate-700" data-testid="quiz-best">
            Your best score so far: {Math.round(best)}%{best >= m.quiz.passingScore ? ' (passed)' : ''}.
          </p>
        )}
        {lessonsLeft.length > 0 && (
          <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200">
            The module completes when all its lessons are done and this quiz is passed; {plural(lessonsLeft.length, 'lesson')} left, starting with{' '}
            <Link className="font-semibold underline" to={lessonPath(lessonsLeft[0]!.id)}>
              {lessonsLeft[0]!.title}
            </Link>
            .
          </p>
        )}
      </header>
      <QuizForm quiz={m.quiz} heading={`${m.quiz.questions.length} questions`} />
      <nav aria-label="After the quiz" className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        <Link to="/app/learning" className={buttonClass('secondary')}>
          Back to the learning path
        </Link>
        {m.practicalExercise && (
          <Link to={exercisePath(m.id)} className={buttonClass('secondary')}>
            Practical exercise: {m.practicalExercise.title}
          </Link>
        )}
      </nav>
    </div>
  );
}
