import type { LearningModule, Question } from '@shared/learning/content/types';

/**
 * A small course for the learning rules' unit tests (the real course is shared/learning/content/course.ts): two
 * modules, the second requiring the first; a lesson with a check; a quiz of each question type; an exercise with a
 * position and an order requirement; a chain task on the committed SPY snapshot.
 */
const q = (id: string, extra: Partial<Question> & Pick<Question, 'type' | 'correctAnswer'>): Question => ({
  id,
  question: `Question ${id}?`,
  explanation: `Because of ${id}.`,
  ...extra,
});

export const BASICS: LearningModule = {
  id: 'options_basics',
  title: 'Options Basics',
  description: 'Calls, puts and the chain.',
  difficulty: 'beginner',
  estimatedTime: 45,
  prerequisites: [],
  objectives: ['Read a chain'],
  lessons: [
    {
      id: 'options_basics.why-options',
      title: 'Why options',
      minutes: 6,
      blocks: [
        { type: 'text', title: 'Intro', content: 'An option is a contract.' },
        {
          type: 'interactive',
          title: 'Find the contract',
          content: 'Click it.',
          widget: {
            kind: 'chain-task',
            snapshot: 'spy-2026-11-20',
            expiration: '2026-11-27',
            prompt: 'Click the $580 call',
            answer: ['SPY261127C00580000'],
            criterion: { by: 'nearest-the-money', optionType: 'call' },
          },
        },
      ],
    },
    {
      id: 'options_basics.calls-and-puts',
      title: 'Calls and puts',
      minutes: 8,
      blocks: [
        {
          type: 'example',
          title: 'Breakeven',
          content: 'K plus premium.',
          source: 'SPY chain, end of day Nov 20, 2026',
          figures: [{ label: 'Breakeven', value: '$584.35', formula: 'K + p', inputs: ['K = $580', 'p = $4.35'] }],
        },
      ],
      check: {
        id: 'options_basics.calls-and-puts.check',
        passingScore: 80,
        questions: [q('c1', { type: 'true-false', options: ['True', 'False'], correctAnswer: 'True' })],
      },
    },
  ],
  quiz: {
    id: 'options_basics.quiz',
    passingScore: 80,
    questions: [
      q('q1', { type: 'multiple-choice', options: ['A call', 'A put', 'A share'], correctAnswer: 'A call' }),
      q('q2', { type: 'true-false', options: ['True', 'False'], correctAnswer: 'False' }),
      q('q3', { type: 'numerical', correctAnswer: 101.8, tolerance: 0.01, unit: '$' }),
      q('q4', { type: 'numerical', correctAnswer: 12, tolerance: 0.5, unit: '%' }),
      q('q5', { type: 'numerical', correctAnswer: 1234.5, tolerance: 0.01, unit: '$' }),
    ],
  },
  practicalExercise: {
    id: 'options_basics.first-trade',
    title: 'Your first trade',
    description: 'Buy a call or a put.',
    scenario: 'You think SPY will move.',
    requirements: [
      {
        type: 'position',
        description: 'Hold a long call or long put on SPY, 20–60 days to expiry, max loss ≤ $1,500',
        criteria: { strategy: ['long-call', 'long-put'], underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 60, maxLoss: 1500 },
      },
      {
        type: 'order',
        description: 'Place it as a limit order at or better than the mid',
        criteria: { orderType: 'limit', atOrBetterThanMid: true, underlying: 'SPY' },
      },
    ],
    hints: ['Use the chain.'],
    solution: 'Buy one 28-day SPY call at the mid.',
  },
};

export const GREEKS: LearningModule = {
  id: 'options_greeks',
  title: 'Options Greeks',
  description: 'Delta and friends.',
  difficulty: 'intermediate',
  estimatedTime: 60,
  prerequisites: ['options_basics'],
  objectives: ['Know delta'],
  lessons: [{ id: 'options_greeks.delta', title: 'Delta', minutes: 7, blocks: [{ type: 'text', title: 'Delta', content: '$\\Delta$' }] }],
  quiz: {
    id: 'options_greeks.quiz',
    passingScore: 80,
    questions: [q('g1', { type: 'multiple-choice', options: ['0.5', '1'], correctAnswer: '0.5' })],
  },
};

export const FIXTURE_COURSE: readonly LearningModule[] = [BASICS, GREEKS];

/** Answers that pass the basics quiz with 100. */
export const BASICS_RIGHT = { q1: 'A call', q2: 'False', q3: '$101.80', q4: '12%', q5: '1,234.50' };
