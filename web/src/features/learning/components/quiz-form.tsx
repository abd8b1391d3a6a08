import { plural } from '@shared/format/words';
import { useId, useState, type FormEvent } from 'react';
import { useQuizAttempt, type AttemptResult, type PublicQuestion, type PublicQuiz } from '@web/api/learning';
import { Button } from '@web/components/ui/button';
import { useCelebrationHold } from '@web/lib/celebration-hold';
import { ContentText } from './markdown';

export type Answers = Record<string, string>;

/**
 * A quiz or a lesson's check (spec part 3 §3 Quiz): each question by its type, sent to the server, which grades it
 * and only then gives back, per question, right or wrong, the correct answer and the explanation. Retakes are allowed;
 * the best score is kept on the server. Answers can be controlled from outside (a chain task fills its question).
 */
export function QuizForm({
  quiz,
  answers: controlled,
  onAnswersChange,
  onResult,
  submitLabel = 'Submit answers',
  heading,
  returnLabel = 'Back to the quiz',
}: {
  quiz: PublicQuiz;
  answers?: Answers;
  onAnswersChange?: (answers: Answers) => void;
  onResult?: (result: AttemptResult) => void;
  submitLabel?: string;
  heading: string;
  /** The level-up modal's button once the quiz is graded ("Back to the lesson" for a lesson's check). */
  returnLabel?: string;
}) {
  const id = useId();
  const [own, setOwn] = useState<Answers>({});
  const answers = controlled ?? own;
  const setAnswers = (next: Answers) => (onAnswersChange ? onAnswersChange(next) : setOwn(next));
  const attempt = useQuizAttempt();
  const [result, setResult] = useState<AttemptResult | null>(null);
  // No level-up modal while the quiz is being answered (issue 33): it waits for the grade.
  useCelebrationHold(!result, returnLabel);
  const unanswered = quiz.questions.filter((q) => !(answers[q.id] ?? '').trim()).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (unanswered > 0) return;
    attempt.mutate(
      { quizId: quiz.id, answers: Object.fromEntries(quiz.questions.map((q) => [q.id, answers[q.id]!.trim()])) },
      {
        onSuccess: (r) => {
          setResult(r);
          onResult?.(r);
        },
      },
    );
  };
  const retake = () => {
    setResult(null);
    attempt.reset();
    setAnswers({});
  };
  const byQuestion = new Map(result?.results.map((r) => [r.questionId, r]));

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-h`} className="space-y-4" noValidate>
      <h2 id={`${id}-h`} className="text-lg font-bold text-slate-900">
        {heading}
      </h2>
      <p className="text-sm text-slate-700">
        {plural(quiz.questions.length, 'question')}; pass mark {quiz.passingScore}%. Your answers are graded on the server; you may retake it, and your best
        score is kept.
      </p>
      <ol className="space-y-4">
        {quiz.questions.map((q, i) => (
          <li key={q.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <QuestionField
              question={q}
              number={i + 1}
              value={answers[q.id] ?? ''}
              onChange={(v) => setAnswers({ ...answers, [q.id]: v })}
              disabled={!!result || attempt.isPending}
            />
            {byQuestion.get(q.id) && <Verdict result={byQuestion.get(q.id)!} unit={q.unit} />}
          </li>
        ))}
      </ol>
      {attempt.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
          {attempt.error.message}
        </p>
      )}
      {result ? (
        <div
          role="status"
          className={`space-y-2 rounded-xl p-4 ring-1 ${result.passed ? 'bg-emerald-50 ring-emerald-200' : 'bg-amber-50 ring-amber-200'}`}
          data-testid="quiz-score"
        >
          <p className="text-base font-bold text-slate-900">
            {result.passed ? 'Passed' : 'Not passed yet'}: {Math.round(result.score)}% ({result.results.filter((r) => r.correct).length} of{' '}
            {result.results.length} right; pass mark {quiz.passingScore}%). Best score: {Math.round(result.bestScore)}%.
          </p>
          <Button variant="secondary" onClick={retake}>
            Retake
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={attempt.isPending || unanswered > 0}>
            {attempt.isPending ? 'Grading…' : submitLabel}
          </Button>
          {unanswered > 0 && <span className="text-sm text-slate-700">{plural(unanswered, 'question')} left to answer</span>}
        </div>
      )}
    </form>
  );
}

function QuestionField({
  question: q,
  number,
  value,
  onChange,
  disabled,
}: {
  question: PublicQuestion;
  number: number;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const promptId = `${id}-prompt`;
  // The prompt is Markdown (blocks), so it labels the field by id rather than sitting inside a <label> or <legend>.
  const prompt = (
    <div id={promptId} className="flex gap-2">
      <span className="font-semibold text-slate-900">{number}.</span>
      <div className="flex-1">
        <ContentText>{q.question}</ContentText>
      </div>
    </div>
  );
  if (q.type === 'numerical') {
    const tolerance = q.tolerance !== undefined ? `within ${q.unit === '$' ? `$${q.tolerance}` : `${q.tolerance}${q.unit ? ` ${q.unit}` : ''}`}` : null;
    return (
      <div>
        {prompt}
        <div className="mt-2 flex items-center gap-2">
          {q.unit === '$' && (
            <span aria-hidden className="text-slate-700">
              $
            </span>
          )}
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
            aria-labelledby={promptId}
            aria-describedby={`${id}-tol`}
            className="w-36 rounded-lg border border-slate-300 px-3 py-2 tabular-nums disabled:bg-slate-100"
          />
          {q.unit && q.unit !== '$' && <span className="text-slate-700">{q.unit}</span>}
        </div>
        <p id={`${id}-tol`} className="mt-1 text-xs text-slate-600">
          A number{q.unit ? ` in ${q.unit === '$' ? 'dollars' : q.unit}` : ''}
          {tolerance ? `; answers ${tolerance} of the exact value count as right` : ''}.
        </p>
      </div>
    );
  }
  const options = q.type === 'true-false' ? (q.options?.length ? q.options : ['True', 'False']) : (q.options ?? []);
  return (
    <div>
      {prompt}
      <div role="radiogroup" aria-labelledby={promptId} className={`mt-2 ${q.type === 'true-false' ? 'flex gap-3' : 'space-y-1.5'}`}>
        {options.map((o) => (
          <label key={o} className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-50 has-[:checked]:bg-brand-50">
            <input
              type="radio"
              name={`${id}-q`}
              value={o}
              checked={value === o}
              disabled={disabled}
              onChange={() => onChange(o)}
              className="mt-1 accent-brand-700"
            />
            <span>{o}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

function Verdict({ result, unit }: { result: AttemptResult['results'][number]; unit?: string }) {
  const answer =
    typeof result.correctAnswer === 'number'
      ? `${unit === '$' ? '$' : ''}${result.correctAnswer}${unit && unit !== '$' ? ` ${unit}` : ''}`
      : result.correctAnswer;
  return (
    <div
      className={`mt-3 rounded-lg p-3 text-sm ring-1 ${result.correct ? 'bg-emerald-50 ring-emerald-200' : 'bg-red-50 ring-red-200'}`}
      data-testid={`verdict-${result.questionId}`}
    >
      <p className="font-semibold text-slate-900">
        {result.correct ? '✓ Right.' : '✗ Not right.'} Correct answer: {answer}
      </p>
      <div className="mt-1 text-slate-800">
        <ContentText>{result.explanation}</ContentText>
      </div>
    </div>
  );
}
