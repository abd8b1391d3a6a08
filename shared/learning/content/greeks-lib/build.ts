import type { OptionInput } from '../../../pricing';
import type { StrategyLeg } from '../../../strategy';
import type { Figure, Question } from '../types';
import { md, num, pct, usd } from './format';
import { SNAPSHOT, type Quote } from './market';

/** Builders for the module's blocks and questions, so every question states its tolerance the way the grader applies it. */

export const figure = (label: string, value: string, formula: string, inputs: string[]): Figure => ({ label, value, formula, inputs });

/** The inputs line of a figure priced from one contract: S, K, T, σ, r, q in the course's symbols. */
export function inputsOf(input: OptionInput, days: number): string[] {
  return [`S = ${usd(input.S)}`, `K = ${usd(input.K, 0)}`, `T = ${days}/365 years`, `σ = ${pct(input.sigma)}`, `r = ${pct(input.r)}`, `q = ${pct(input.q)}`];
}

export const multipleChoice = (id: string, question: string, options: string[], correct: string, explanation: string): Question => {
  if (!options.includes(correct)) throw new Error(`${id}: the key is not one of the options`);
  return { id, question, type: 'multiple-choice', options, correctAnswer: correct, explanation };
};

export const trueFalse = (id: string, question: string, answer: boolean, explanation: string): Question => ({
  id,
  question,
  type: 'true-false',
  options: ['True', 'False'],
  correctAnswer: answer ? 'True' : 'False',
  explanation,
});

/**
 * A numerical question: the key rounded to `digits` (what the learner can reach from the figures shown), the
 * tolerance stated at the end of the question exactly as the grader applies it (absolute, in the unit).
 */
export function numerical(id: string, question: string, key: number, digits: number, tolerance: number, unit: string, explanation: string): Question {
  const rounded = Number(key.toFixed(digits));
  const shownUnit = tolerance === 1 && unit === 'shares' ? 'share' : unit;
  const stated = unit === '$' ? md(usd(tolerance, digits)) : `${num(tolerance, digits)}${shownUnit ? ` ${md(shownUnit)}` : ''}`;
  return {
    id,
    question: `${question} (Answers within ${stated} of the key count as correct.)`,
    type: 'numerical',
    correctAnswer: rounded,
    tolerance,
    unit,
    explanation,
  };
}

/** A leg of the builder at a snapshot contract, traded at its mark, valued at its IV. */
export function legOf(q: Quote, action: 'buy' | 'sell', quantity = 1): StrategyLeg {
  return {
    action,
    optionType: q.contract.contract_type,
    strike: q.contract.strike_price,
    premium: q.mark,
    quantity,
    expiration: q.contract.expiration_date,
    underlying: SNAPSHOT.underlying,
    contractTicker: q.contract.contract_ticker,
    openInterest: q.contract.open_interest,
    volume: q.contract.volume,
    iv: q.input.sigma,
  };
}
