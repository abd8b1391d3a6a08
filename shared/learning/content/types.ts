import type { StrategyLeg } from '../../strategy';

/**
 * The course as data (issue 17; spec part 3 §3 Learning module, Quiz, Practical exercise). Authored in TypeScript
 * so every figure is computed by the pricing core and the strategy analytics from a committed chain snapshot
 * (../snapshot.ts), never typed. The server holds the whole course; the content API strips the answer keys
 * (`correctAnswer`, `explanation`, a chain task's `answer`, an exercise's `solution`) before anything reaches the
 * browser, and grades attempts itself.
 */

/** The spec's seven module ids (part 3 §3). */
export const MODULE_IDS = [
  'options_basics',
  'options_greeks',
  'basic_strategies',
  'market_analysis',
  'advanced_strategies',
  'risk_adjustment',
  'risk_management',
] as const;
export type ModuleId = (typeof MODULE_IDS)[number];

export type Difficulty = 'beginner' | 'intermediate' | 'advanced';

export interface LearningModule {
  id: ModuleId;
  title: string;
  description: string;
  difficulty: Difficulty;
  /** Minutes (spec: 45, 60, 60, 75, 90, 50, 80). */
  estimatedTime: number;
  prerequisites: ModuleId[];
  objectives: string[];
  lessons: Lesson[];
  /** The module's quiz: passing score 80 (spec part 3 §9). */
  quiz: Quiz;
  practicalExercise?: PracticalExercise;
}

export interface Lesson {
  /** Unique across the course, e.g. 'options_basics.calls-and-puts'. */
  id: string;
  title: string;
  /** 5–12 minutes. */
  minutes: number;
  blocks: ContentBlock[];
  /** A short check (3–5 questions) that ends the lesson; passing it completes the lesson. */
  check?: Quiz;
}

/**
 * Markdown (GFM) with maths in `$…$` and `$$…$$` (KaTeX). Links to other lessons as `lesson:<lessonId>`.
 * `source` names the data and its date under every figure taken from a snapshot ("SPY chain, end of day Nov 20, 2026").
 */
export type ContentBlock =
  | { type: 'text'; title: string; content: string }
  | { type: 'example'; title: string; content: string; source: string; figures?: Figure[] }
  | { type: 'interactive'; title: string; content: string; widget: Widget };

/** A computed figure shown with its formula and inputs (the principle: every figure shows its formula, inputs and date). */
export interface Figure {
  label: string;
  /** The value as shown, formatted ("$4.35"). */
  value: string;
  /** KaTeX formula, e.g. 'K + \\text{premium}'. */
  formula: string;
  /** The inputs, formatted ("K = $590", "premium = $4.35"). */
  inputs: string[];
}

/** The symbol table the whole course uses (issue 17): S, K, T, σ, r, q. */
export interface MarketInputs {
  /** Underlying price S. */
  S: number;
  /** Strike K. */
  K: number;
  /** Years to expiry T. */
  T: number;
  /** Volatility σ (0.2 = 20%). */
  sigma: number;
  /** Continuous risk-free rate r. */
  r: number;
  /** Continuous dividend yield q. */
  q: number;
}

export type Widget =
  /** The builder's payoff chart with sliders for the underlying price, days to expiry and IV. */
  | { kind: 'payoff'; underlying: string; spot: number; asOf: string; legs: StrategyLeg[]; iv: number }
  /** Sliders S, K, σ, T, r (and q) → price and the five Greeks, with each one's curve against S. */
  | { kind: 'greeks'; optionType: 'call' | 'put'; inputs: MarketInputs; style: 'american' | 'european' }
  /** Steps the underlying's price at expiry through the given prices and shows each leg's and the total P&L. */
  | { kind: 'expiry-stepper'; underlying: string; legs: StrategyLeg[]; prices: number[] }
  /** A strategy's card generated from its template (shared/strategy STRATEGY_TEMPLATES): outlook, legs, max profit and loss, breakevens, conditions, and "Open in builder" on the underlying. */
  | { kind: 'strategy-card'; templateId: string; underlying: string }
  /**
   * "Click the 30-delta put of the 45-day expiry" on a frozen snapshot; `answer` (contract tickers accepted) and
   * `criterion` (what makes a contract the answer, which the server uses to say why a pick is right or not) are stripped.
   */
  | { kind: 'chain-task'; snapshot: string; expiration: string; prompt: string; answer: string[]; criterion: ChainTaskCriterion }
  /**
   * A line chart of a frozen daily history (the market_analysis lessons: IV against realized volatility, the close
   * against its moving averages): up to four series over the same sessions, in percent (fractions) or dollars, with
   * the data's source and last session under it.
   */
  | { kind: 'history-chart'; underlying: string; asOf: string; source: string; unit: 'percent' | 'usd'; dates: string[]; series: HistorySeries[] };

/**
 * What a chain task asks for, as the server judges a click (issue 33: every task says right or wrong, and why): the
 * contract of a type whose strike is nearest the underlying's price, whose delta is nearest a target, or that traded the
 * most contracts that session.
 */
export type ChainTaskCriterion =
  | { by: 'nearest-the-money'; optionType: 'call' | 'put' }
  | { by: 'nearest-delta'; optionType: 'call' | 'put'; delta: number }
  | { by: 'most-volume'; optionType: 'call' | 'put' };

/** One line of a history chart: a value per session of the chart's dates (null where it is not defined yet, e.g. a 200-day average's first 199 days). */
export interface HistorySeries {
  label: string;
  values: (number | null)[];
}

export type QuestionType = 'multiple-choice' | 'true-false' | 'numerical';

export interface Question {
  /** Unique within its quiz. */
  id: string;
  question: string;
  type: QuestionType;
  /** Multiple-choice: the choices; true-false: ['True', 'False']; numerical: none. */
  options?: string[];
  /** Multiple-choice and true-false: the correct option's text; numerical: the number. Stripped before the browser. */
  correctAnswer: string | number;
  /** Numerical: accepted distance from the key (absolute, in the answer's unit), stated to the learner. */
  tolerance?: number;
  /** Numerical: the unit shown beside the field ('$', '%', 'shares'). */
  unit?: string;
  /** Why the answer is right; shown with the result. Stripped before the browser. */
  explanation: string;
}

export interface Quiz {
  /** Unique across the course, e.g. 'options_basics.quiz' or 'options_basics.calls-and-puts.check'. */
  id: string;
  questions: Question[];
  /** 80 for module quizzes (spec); lesson checks use the same. */
  passingScore: number;
}

/** What an exercise asks of the learner's real paper account, judged on the server (issue 17). */
export type Requirement =
  | {
      type: 'position';
      description: string;
      criteria: {
        /**
         * A template id of shared/strategy (e.g. 'long-call', 'bull-call-spread'), judged by the strategy validator;
         * several ids: any one of them (options_basics.first-trade takes a long call or a long put).
         */
        strategy: string | string[];
        underlying?: string;
        minDaysToExpiry?: number;
        maxDaysToExpiry?: number;
        /** The most the position may lose, dollars (positive). */
        maxLoss?: number;
      };
    }
  | {
      type: 'order';
      description: string;
      criteria: {
        orderType: 'limit' | 'market';
        /** A limit at or better than the mid of its quote when placed. */
        atOrBetterThanMid?: boolean;
        underlying?: string;
      };
    }
  | { type: 'journal'; description: string; criteria: { mustHave: ('setup' | 'exitPlan')[] } };

export interface PracticalExercise {
  id: string;
  title: string;
  description: string;
  scenario: string;
  requirements: Requirement[];
  hints: string[];
  /** Stripped before an attempt is checked. */
  solution: string;
}
