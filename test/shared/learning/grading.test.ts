import { describe, expect, it } from 'vitest';
import type { Question } from '@shared/learning/content/types';
import { gradeQuiz, isCorrect, parseNumber, unknownAnswers } from '@shared/learning/grading';
import { BASICS, BASICS_RIGHT } from './fixture-course';

const numerical = (correctAnswer: number, tolerance?: number, unit?: string): Question => ({
  id: 'n',
  question: '?',
  type: 'numerical',
  correctAnswer,
  explanation: '',
  ...(tolerance !== undefined ? { tolerance } : {}),
  ...(unit ? { unit } : {}),
});

describe('grading', () => {
  it('reads the ways a learner types a number', () => {
    expect(parseNumber('$101.80')).toBe(101.8);
    expect(parseNumber('101.8')).toBe(101.8);
    expect(parseNumber(' 101.80 ')).toBe(101.8);
    expect(parseNumber('1,234.50')).toBe(1234.5);
    expect(parseNumber('$1,234.50')).toBe(1234.5);
    expect(parseNumber('-$2.15')).toBe(-2.15);
    expect(parseNumber('$-2.15')).toBe(-2.15);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('12%', '%')).toBe(12);
    expect(parseNumber(101.8)).toBe(101.8);
  });

  it('refuses what is not a number', () => {
    for (const s of ['', 'abc', '12%', '1,23.4', '1.2.3', '$', '.', '10 0x', '1e3']) expect(parseNumber(s), s).toBeNull();
    expect(parseNumber(Number.NaN)).toBeNull();
  });

  it('accepts a numerical answer within the stated tolerance and no further', () => {
    const q = numerical(101.8, 0.05, '$');
    expect(isCorrect(q, '$101.80')).toBe(true);
    expect(isCorrect(q, '101.85')).toBe(true);
    expect(isCorrect(q, '101.75')).toBe(true);
    expect(isCorrect(q, '101.86')).toBe(false);
    expect(isCorrect(q, 'about 101')).toBe(false);
    expect(isCorrect(numerical(0.3), 0.1 + 0.2)).toBe(true);
    expect(isCorrect(numerical(4), '4.01')).toBe(false);
    expect(isCorrect(numerical(12, 0, '%'), '12%')).toBe(true);
    expect(isCorrect(numerical(12, 0, '$'), '12%')).toBe(false);
  });

  it('judges multiple-choice and true-false by the option text', () => {
    const mc = BASICS.quiz.questions[0]!;
    const tf = BASICS.quiz.questions[1]!;
    expect(isCorrect(mc, 'A call')).toBe(true);
    expect(isCorrect(mc, '  a CALL ')).toBe(true);
    expect(isCorrect(mc, 'A put')).toBe(false);
    expect(isCorrect(mc, 0)).toBe(false);
    expect(isCorrect(tf, 'False')).toBe(true);
    expect(isCorrect(tf, 'false')).toBe(true);
    expect(isCorrect(tf, 'True')).toBe(false);
    expect(isCorrect(tf, undefined)).toBe(false);
  });

  it('scores round(100 × correct / total), passes at the passing score, and counts an unanswered question wrong', () => {
    const all = gradeQuiz(BASICS.quiz, BASICS_RIGHT);
    expect(all).toMatchObject({ score: 100, passed: true });
    expect(all.results.map((r) => r.correct)).toEqual([true, true, true, true, true]);
    expect(all.results[2]).toEqual({ questionId: 'q3', correct: true, correctAnswer: 101.8, explanation: 'Because of q3.' });
    const four = gradeQuiz(BASICS.quiz, { ...BASICS_RIGHT, q5: '1,300' });
    expect(four).toMatchObject({ score: 80, passed: true });
    const three = gradeQuiz(BASICS.quiz, { q1: 'A call', q2: 'False', q3: 101.8 });
    expect(three).toMatchObject({ score: 60, passed: false });
    const oneOfThree = gradeQuiz({ id: 'x.quiz', passingScore: 80, questions: BASICS.quiz.questions.slice(0, 3) }, { q1: 'A call' });
    expect(oneOfThree.score).toBe(33);
  });

  it('names answers to questions the quiz does not have', () => {
    expect(unknownAnswers(BASICS.quiz, { q1: 'A call', zz: 'x' })).toEqual(['zz']);
  });
});
