import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { LearningProgress, ModuleContent, ModuleDetail, ModuleSummary } from '@web/api/learning';
import spy from '@shared/learning/snapshots/spy-2026-11-20.json';
import { stubApi, type Stub } from '../../app/api-stub';
import ExercisePage from '@web/features/learning/components/exercise-page';
import LearningPage from '@web/features/learning/components/learning-page';
import LessonPage from '@web/features/learning/components/lesson-page';
import QuizPage from '@web/features/learning/components/quiz-page';

/** The snapshot's 28-day expiry and its at-the-money call, for the widgets. */
const expiry = spy.expiries.find((e) => e.expiration === '2026-12-18')!;
export const call590 = expiry.contracts.find((c) => c.contract_type === 'call' && c.strike_price === 590)!;
export const put560 = expiry.contracts.find((c) => c.contract_type === 'put' && c.strike_price === 560)!;

export const progress = (over: Partial<LearningProgress> = {}): LearningProgress => ({
  completedModules: [],
  completedLessons: [],
  currentModule: 'options_basics',
  totalTimeSpent: 0,
  quizScores: {},
  practicalExercisesCompleted: [],
  journalEntries: 0,
  achievements: [],
  level: 1,
  experience: 0,
  ...over,
});

const lessonSummaries = (done: number) =>
  [
    ['options_basics.why-options', 'Why options?'],
    ['options_basics.calls-and-puts', 'Calls and puts'],
    ['options_basics.reading-a-chain', 'Reading a chain'],
  ].map(([id, title], i) => ({ id: id!, title: title!, minutes: 8, completed: i < done }));

export const basicsSummary = (done = 0, over: Partial<ModuleSummary> = {}): ModuleSummary => ({
  id: 'options_basics',
  title: 'Options Basics',
  description: 'What an option is, calls and puts, and how to read a chain.',
  difficulty: 'beginner',
  estimatedTime: 45,
  prerequisites: [],
  objectives: ['Read a chain'],
  lessons: lessonSummaries(done),
  completed: false,
  progress: Math.round((done / 5) * 100),
  unlocked: true,
  ...over,
});

export const greeksSummary = (over: Partial<ModuleSummary> = {}): ModuleSummary => ({
  id: 'options_greeks',
  title: 'The Greeks',
  description: 'What moves an option’s price.',
  difficulty: 'intermediate',
  estimatedTime: 60,
  prerequisites: ['options_basics'],
  objectives: ['Delta'],
  lessons: [{ id: 'options_greeks.delta', title: 'Delta', minutes: 9, completed: false }],
  completed: false,
  progress: 0,
  unlocked: false,
  ...over,
});

const leg = (c: typeof call590) => ({
  action: 'buy' as const,
  optionType: c.contract_type as 'call' | 'put',
  strike: c.strike_price,
  premium: c.mark!,
  quantity: 1,
  expiration: c.expiration_date,
  underlying: 'SPY',
  iv: c.implied_volatility,
});

/** The chain task's frozen chain, as GET /api/learning/snapshots/spy-2026-11-20/2026-12-18 serves it (strikes near the money). */
export const snapshotChain = {
  chain: {
    underlying: 'SPY',
    underlyingPrice: spy.underlyingPrice,
    asOf: spy.asOf,
    source: spy.source,
    contracts: expiry.contracts.filter((c) => Math.abs(c.strike_price - 575) <= 20),
  },
};

const basicsDetail = (done = 0): ModuleDetail => {
  const [why, calls, chain] = lessonSummaries(done);
  return {
    ...basicsSummary(done),
    lessons: [
      {
        ...why!,
        blocks: [
          {
            type: 'text',
            title: 'A right, not an obligation',
            content: 'A call pays $\\max(S_T - K, 0)$ at expiry. Next: [calls and puts](lesson:options_basics.calls-and-puts).',
          },
          {
            type: 'example',
            title: 'Breakeven of a long call',
            content: 'The 590 call of Dec 18.',
            source: 'SPY chain, end of day Nov 20, 2026',
            figures: [
              {
                label: 'Breakeven',
                value: `$${(590 + call590.mark!).toFixed(2)}`,
                formula: 'K + \\text{premium}',
                inputs: ['K = $590', `premium = $${call590.mark}`],
              },
            ],
          },
          {
            type: 'interactive',
            title: 'Move the price',
            content: 'Drag the price slider.',
            widget: { kind: 'payoff', underlying: 'SPY', spot: spy.underlyingPrice, asOf: spy.asOf, legs: [leg(call590)], iv: call590.implied_volatility! },
          },
        ],
      },
      {
        ...calls!,
        blocks: [
          {
            type: 'interactive',
            title: 'Explore the Greeks',
            content: 'Move the sliders.',
            widget: {
              kind: 'greeks',
              optionType: 'call',
              style: 'american',
              inputs: { S: spy.underlyingPrice, K: 590, T: 28 / 365, sigma: 0.2, r: spy.r, q: spy.q },
            },
          },
          {
            type: 'interactive',
            title: 'At expiry',
            content: 'Step the price.',
            widget: { kind: 'expiry-stepper', underlying: 'SPY', legs: [leg(call590)], prices: [570, 590, 610] },
          },
        ],
      },
      {
        ...chain!,
        blocks: [
          {
            type: 'interactive',
            title: 'Find the put',
            content: 'Click it.',
            widget: {
              kind: 'chain-task',
              snapshot: 'spy-2026-11-20',
              expiration: '2026-12-18',
              prompt: 'Click the 560 put of Dec 18.',
            },
          },
        ],
        check: {
          id: 'options_basics.reading-a-chain.check',
          passingScore: 80,
          questions: [
            {
              id: 'q1',
              question: 'Which contract is the 560 put of Dec 18?',
              type: 'multiple-choice',
              options: [put560.contract_ticker, call590.contract_ticker],
            },
            { id: 'q2', question: 'A put gains when the price falls.', type: 'true-false', options: ['True', 'False'] },
          ],
        },
      },
    ],
    quiz: {
      id: 'options_basics.quiz',
      passingScore: 80,
      questions: [
        {
          id: 'q1',
          question: 'What does a call with $\\Delta = 0.52$ and a \\$5 premium give its buyer?',
          type: 'multiple-choice',
          options: ['The right to buy', 'The obligation to buy'],
        },
        { id: 'q2', question: 'An option can expire worthless.', type: 'true-false', options: ['True', 'False'] },
        { id: 'q3', question: 'Breakeven of the $590 call bought at $8.20?', type: 'numerical', tolerance: 0.05, unit: '$' },
      ],
    },
    practicalExercise: {
      id: 'options_basics.first-trade',
      title: 'Your first trade',
      description: 'Buy a call or a put on SPY.',
      scenario: 'SPY closed at $576.67; you think it will rise past $600 within a month.',
      requirements: [
        { type: 'position', description: 'A long call or long put on SPY, 20–60 days to expiry, max loss ≤ $1,500' },
        { type: 'order', description: 'Placed as a limit order at or better than the mid' },
      ],
      hints: ['Open the chain for SPY.', 'Pick an expiry 20–60 days out.', 'Set the limit at the mid.'],
    },
  };
};

/** GET /api/learning/modules/options_basics's answer: the module's content, the same for every learner (no completion). */
export const basicsContent = (): ModuleContent => {
  const { completed: _c, progress: _p, unlocked: _u, lessons, ...rest } = basicsDetail(0);
  return { ...rest, lessons: lessons.map(({ completed: _done, ...l }) => l) };
};

/** The ids of options_basics's first `done` lessons, for a progress in which they are completed. */
export const lessonsDone = (done: number) =>
  lessonSummaries(done)
    .filter((l) => l.completed)
    .map((l) => l.id);

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders the learning routes as web/src/app/router.tsx wires them, on the stubbed API. */
export function renderLearning(path: string, api: Record<string, Stub>, beside?: ReactNode) {
  const stub = stubApi(api);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/learning" element={<LearningPage />} />
          <Route path="/app/learning/:moduleId/quiz" element={<QuizPage />} />
          <Route path="/app/learning/:moduleId/exercise" element={<ExercisePage />} />
          <Route path="/app/learning/:moduleId" element={<LessonPage />} />
          <Route path="/app/learning/:moduleId/:lessonId" element={<LessonPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
        {beside}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...stub, ...view, client };
}

/** jsdom has no ResizeObserver; recharts' responsive charts need one to mount. */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
