import type { Question, Quiz } from './content/types';

/**
 * Grading a quiz attempt (issue 17; spec part 3 §3 Quiz, §9 passing score 80). Pure: the server holds the keys and
 * grades; the browser never sees a key before its attempt.
 */

export type Answer = string | number;

export interface QuestionResult {
  questionId: string;
  correct: boolean;
  correctAnswer: string | number;
  explanation: string;
}

export interface Grade {
  /** round(100 × correct / total), 0–100. */
  score: number;
  passed: boolean;
  results: QuestionResult[];
}

/** How far a number may be from a key that has no stated tolerance: float noise only. */
const EXACT = 1e-9;

/**
 * A learner's typed number: "$101.80", "101.8", "1,234.50", " 101.80 ", "-$2.15", "12%" (when the unit is %),
 * "(2.15)" is not accepted. Thousands separators must group by three. Returns null when it is not a number.
 */
export function parseNumber(answer: Answer, unit?: string): number | null {
  if (typeof answer === 'number') return Number.isFinite(answer) ? answer : null;
  let s = answer.trim().replace(/\s+/g, '');
  if (unit === '%' && s.endsWith('%')) s = s.slice(0, -1);
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('−')) {
    sign = -1;
    s = s.slice(1);
  }
  if (s.startsWith('$')) s = s.slice(1);
  if (sign === 1 && (s.startsWith('-') || s.startsWith('−'))) {
    sign = -1;
    s = s.slice(1);
  }
  if (!/^(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(s) || s === '' || s === '.') return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isFinite(n) ? sign * n : null;
}

const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether one answer is right: choices by the option's text, numbers within the question's tolerance. */
export function isCorrect(question: Question, answer: Answer | undefined): boolean {
  if (answer === undefined) return false;
  if (question.type === 'numerical') {
    const n = parseNumber(answer, question.unit);
    const key = typeof question.correctAnswer === 'number' ? question.correctAnswer : parseNumber(question.correctAnswer, question.unit);
    if (n === null || key === null) return false;
    return Math.abs(n - key) <= (question.tolerance ?? 0) + EXACT;
  }
  return typeof answer === 'string' && sameText(answer, String(question.correctAnswer));
}

/** Grades an attempt: every question of the quiz, an unanswered one wrong. */
export function gradeQuiz(quiz: Quiz, answers: Readonly<Record<string, Answer>>): Grade {
  const results = quiz.questions.map((q) => ({
    questionId: q.id,
    correct: isCorrect(q, Object.hasOwn(answers, q.id) ? answers[q.id] : undefined),
    correctAnswer: q.correctAnswer,
    explanation: q.explanation,
  }));
  const total = results.length;
  const score = total === 0 ? 0 : Math.round((100 * results.filter((r) => r.correct).length) / total);
  return { score, passed: score >= quiz.passingScore, results };
}

/** Answer keys that name no question of the quiz (a malformed attempt). */
export function unknownAnswers(quiz: Quiz, answers: Readonly<Record<string, Answer>>): string[] {
  const ids = new Set(quiz.questions.map((q) => q.id));
  return Object.keys(answers).filter((k) => !ids.has(k));
}
