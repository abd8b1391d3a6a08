import type { ContentBlock, Question, Quiz } from '../types';

/** A lesson's check: `<lessonId>.check`, passed at 80 like every quiz (spec part 3 §9). */
export const check = (lessonId: string, questions: Question[]): Quiz => ({ id: `${lessonId}.check`, passingScore: 80, questions });

export const tf = (id: string, question: string, answer: boolean, explanation: string): Question => ({
  id,
  question,
  type: 'true-false',
  options: ['True', 'False'],
  correctAnswer: answer ? 'True' : 'False',
  explanation,
});

/** A multiple-choice question; a key that is not one of its options fails when the course loads. */
export const mc = (id: string, question: string, options: string[], correct: string, explanation: string): Question => {
  if (!options.includes(correct)) throw new Error(`${id}: the key is not one of the options`);
  return { id, question, type: 'multiple-choice', options, correctAnswer: correct, explanation };
};

/** A numerical question with its unit and the tolerance the grader applies (a cent by default). */
export const numerical = (id: string, question: string, answer: number, explanation: string, unit = '$', tolerance = 0.01): Question => ({
  id,
  question,
  type: 'numerical',
  correctAnswer: answer,
  tolerance,
  unit,
  explanation,
});

const CARD_TEXT =
  'The strategy’s card: its legs, maximum profit and loss, breakevens and the conditions it suits. “Open in builder” places it on SPY’s live chain.';

/** A strategy's card from its template, opening the builder on the underlying (SPY, the course's snapshot). */
export const strategyCard = (templateId: string, title: string, content = CARD_TEXT, underlying = 'SPY'): ContentBlock => ({
  type: 'interactive',
  title,
  content,
  widget: { kind: 'strategy-card', templateId, underlying },
});
