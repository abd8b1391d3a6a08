import { z } from 'zod';
import { defineApi } from '../api/contract';
import { MODULE_IDS } from './content/types';

/**
 * The learning area's routes (issue 17). Content as the browser sees it: no `correctAnswer`, `explanation`, chain
 * task `answer` or exercise `solution` before an attempt; grading and exercise checks happen on the server.
 * Registered in shared/api/contracts.ts once the handlers exist.
 */
const ModuleId = z.enum(MODULE_IDS, { error: `must be one of ${MODULE_IDS.join(', ')}` });
const LessonId = z.string().regex(/^[a-z_]+\.[a-z0-9-]+$/, 'must be a lesson id such as options_basics.calls-and-puts');
const QuizId = z.string().regex(/^[a-z_]+(\.[a-z0-9-]+)*\.(quiz|check)$/, 'must be a quiz id such as options_basics.quiz');
const ExerciseId = z.string().regex(/^[a-z_]+\.[a-z0-9-]+$/, 'must be an exercise id');

const Figure = z.object({ label: z.string(), value: z.string(), formula: z.string(), inputs: z.array(z.string()) });
const StrategyLegSchema = z.object({
  action: z.enum(['buy', 'sell']),
  optionType: z.enum(['call', 'put']),
  strike: z.number(),
  premium: z.number(),
  quantity: z.number(),
  expiration: z.string(),
  underlying: z.string(),
  iv: z.number().nullable().optional(),
  contractTicker: z.string().optional(),
  openInterest: z.number().nullable().optional(),
  volume: z.number().nullable().optional(),
});
const Inputs = z.object({ S: z.number(), K: z.number(), T: z.number(), sigma: z.number(), r: z.number(), q: z.number() });

/** A frozen snapshot's chain of one expiry, with its date and source (served by its own cacheable route). */
export const SnapshotChain = z.object({
  underlying: z.string(),
  underlyingPrice: z.number(),
  asOf: z.string(),
  source: z.string(),
  contracts: z.array(z.record(z.string(), z.unknown())),
});

/**
 * A widget as the browser gets it: a chain task without its answer, naming the snapshot and expiry whose chain
 * GET /api/learning/snapshots/{snapshot}/{expiration} serves (kept out of the module: most of its size, and unchanging).
 */
export const PublicWidget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payoff'), underlying: z.string(), spot: z.number(), asOf: z.string(), legs: z.array(StrategyLegSchema), iv: z.number() }),
  z.object({ kind: z.literal('greeks'), optionType: z.enum(['call', 'put']), inputs: Inputs, style: z.enum(['american', 'european']) }),
  z.object({ kind: z.literal('strategy-card'), templateId: z.string(), underlying: z.string() }),
  z.object({ kind: z.literal('expiry-stepper'), underlying: z.string(), legs: z.array(StrategyLegSchema), prices: z.array(z.number()) }),
  z.object({
    kind: z.literal('chain-task'),
    snapshot: z.string(),
    expiration: z.string(),
    prompt: z.string(),
  }),
  z
    .object({
      kind: z.literal('history-chart'),
      underlying: z.string(),
      asOf: z.string(),
      source: z.string(),
      unit: z.enum(['percent', 'usd']),
      dates: z.array(z.string()).min(2).max(400),
      series: z
        .array(z.object({ label: z.string(), values: z.array(z.number().nullable()).max(400) }))
        .min(1)
        .max(4),
    })
    .refine((w) => w.series.every((s) => s.values.length === w.dates.length), 'every series has one value per date'),
]);

export const PublicBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), title: z.string(), content: z.string() }),
  z.object({ type: z.literal('example'), title: z.string(), content: z.string(), source: z.string(), figures: z.array(Figure).optional() }),
  z.object({ type: z.literal('interactive'), title: z.string(), content: z.string(), widget: PublicWidget }),
]);

export const PublicQuestion = z.object({
  id: z.string(),
  question: z.string(),
  type: z.enum(['multiple-choice', 'true-false', 'numerical']),
  options: z.array(z.string()).optional(),
  tolerance: z.number().optional(),
  unit: z.string().optional(),
});
export const PublicQuiz = z.object({ id: z.string(), passingScore: z.number(), questions: z.array(PublicQuestion) });

export const PublicExercise = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  scenario: z.string(),
  requirements: z.array(z.object({ type: z.enum(['position', 'order', 'journal']), description: z.string() })),
  hints: z.array(z.string()),
});

const LessonSummary = z.object({ id: z.string(), title: z.string(), minutes: z.number(), completed: z.boolean() });
export const ModuleSummary = z.object({
  id: ModuleId,
  title: z.string(),
  description: z.string(),
  difficulty: z.enum(['beginner', 'intermediate', 'advanced']),
  estimatedTime: z.number(),
  prerequisites: z.array(ModuleId),
  objectives: z.array(z.string()),
  lessons: z.array(LessonSummary),
  completed: z.boolean(),
  /** Lessons done and quiz passed (the completion conditions; the exercise is practice), as a percentage 0–100. */
  progress: z.number().min(0).max(100),
  /** The module's prerequisites are complete. */
  unlocked: z.boolean(),
});

/**
 * A module's content as every learner gets it: lessons with their blocks and checks, the quiz and the exercise, without
 * answer keys and without anyone's progress, so it is the same text for all and cached (ETag) until the course changes.
 */
export const ModuleContent = ModuleSummary.omit({ completed: true, progress: true, unlocked: true }).extend({
  lessons: z.array(LessonSummary.omit({ completed: true }).extend({ blocks: z.array(PublicBlock), check: PublicQuiz.optional() })),
  quiz: PublicQuiz,
  practicalExercise: PublicExercise.optional(),
});

/** The learner's view of a module: its content with their progress laid over it (learner-view.ts, in the browser). */
export const ModuleDetail = ModuleSummary.extend({
  lessons: z.array(LessonSummary.extend({ blocks: z.array(PublicBlock), check: PublicQuiz.optional() })),
  quiz: PublicQuiz,
  practicalExercise: PublicExercise.optional(),
});

export const Achievement = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  unlockedAt: z.string(),
  category: z.literal('learning'),
});

/** Spec part 3 §3 Learning progress, kept on the server per learner. */
export const LearningProgress = z.object({
  completedModules: z.array(ModuleId),
  completedLessons: z.array(z.string()),
  currentModule: ModuleId,
  /** Minutes. */
  totalTimeSpent: z.number(),
  /** Best score per quiz id, 0–100. */
  quizScores: z.record(z.string(), z.number()),
  practicalExercisesCompleted: z.array(z.string()),
  /** How many entries the learner's journal holds now (read from the journal). */
  journalEntries: z.number(),
  achievements: z.array(Achievement),
  /** The course level (the spec's `level`): floor(course XP / 500) + 1; not the gamification level. */
  level: z.number().int().min(1).describe('Course level: floor(course XP / 500) + 1 (not the gamification level)'),
  /** Course XP (the spec's `experience`): 100 per module completed, 25 per counted journal reflection; not the gamification XP. */
  experience: z.number().int().min(0).describe('Course XP: 100 per module completed, 25 per counted journal reflection (not the gamification XP)'),
});

const Answer = z.union([z.string().max(200), z.number()]);
export const AttemptBody = z.object({
  // Question ids are lower-case words joined by hyphens ('breakeven-call'): a key such as `__proto__` is not one.
  answers: z
    .record(z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'must be a question id such as breakeven-call'), Answer)
    .refine((a) => Object.keys(a).length <= 50, 'at most 50 answers'),
});
export const AttemptResult = z.object({
  score: z.number(),
  passed: z.boolean(),
  /** The best score so far, this attempt included. */
  bestScore: z.number(),
  results: z.array(
    z.object({ questionId: z.string(), correct: z.boolean(), correctAnswer: z.union([z.string().max(1000), z.number()]), explanation: z.string() }),
  ),
  progress: LearningProgress,
});

/** A click on a lesson's chain task: which task (its block's index in the lesson) and the contract clicked. */
export const ChainTaskAnswerBody = z.object({
  block: z.number().int().min(0).max(99),
  contract: z.string().regex(/^[A-Z]{1,6}\d{6}[CP]\d{8}$/, 'must be an OCC contract ticker such as SPY261218C00577000'),
});
/** The server's judgment of the click: right or not, the contract as written everywhere, and why. */
export const ChainTaskAnswer = z.object({ correct: z.boolean(), contract: z.string(), explanation: z.string() });

export const CheckResult = z.object({
  passed: z.boolean(),
  requirements: z.array(z.object({ description: z.string(), met: z.boolean(), detail: z.string() })),
  progress: LearningProgress,
});

export const learningApi = defineApi({
  'GET /api/learning/modules': {
    auth: 'user',
    summary: "The course's modules in path order, with the learner's completion and progress",
    response: z.object({ modules: z.array(ModuleSummary) }),
  },
  'GET /api/learning/modules/{id}': {
    auth: 'user',
    summary:
      "A module's content: its lessons, quiz and exercise, without answer keys and the same for every learner (ETag); progress is GET /api/learning/progress",
    // Any well-formed id: one the course does not hold is a 404, not a 400.
    params: z.object({ id: z.string().regex(/^[a-z_]{1,40}$/, 'must be a module id such as options_basics') }),
    response: z.object({ module: ModuleContent }),
    errors: [404],
  },
  'POST /api/learning/lessons/{lessonId}/complete': {
    auth: 'user',
    summary: 'Mark a lesson done (a lesson with a check is done when its check is passed); idempotent',
    params: z.object({ lessonId: LessonId }),
    body: z.object({ minutesSpent: z.number().int().min(0).max(240).optional() }).optional(),
    response: z.object({ progress: LearningProgress }),
    errors: [404, 409],
  },
  'POST /api/learning/quizzes/{quizId}/attempts': {
    auth: 'user',
    summary: 'Grade a quiz attempt on the server; answers keyed by question id; the best score is kept',
    params: z.object({ quizId: QuizId }),
    body: AttemptBody,
    response: AttemptResult,
    errors: [404, 409],
  },
  'POST /api/learning/lessons/{lessonId}/chain-task': {
    auth: 'user',
    summary: "Judge a click on a lesson's chain task on the server: right or not, and why (records nothing; the lesson's check counts)",
    params: z.object({ lessonId: LessonId }),
    body: ChainTaskAnswerBody,
    response: ChainTaskAnswer,
    errors: [404],
  },
  'POST /api/learning/exercises/{exerciseId}/check': {
    auth: 'user',
    summary: "Check a practical exercise's requirements against the learner's paper account",
    params: z.object({ exerciseId: ExerciseId }),
    response: CheckResult,
    errors: [404],
  },
  'GET /api/learning/outline': {
    auth: 'public',
    summary: "The course's modules and how many lessons each has, for the landing page (no content)",
    response: z.object({ modules: z.array(z.object({ id: z.string(), title: z.string(), lessons: z.number().int() })), lessons: z.number().int() }),
  },
  'GET /api/learning/snapshots/{snapshot}/{expiration}': {
    auth: 'public',
    summary: "A chain-reading task's frozen end-of-day chain of one expiry (it never changes, so it is cached)",
    params: z.object({
      snapshot: z.string().regex(/^[a-z]+-\d{4}-\d{2}-\d{2}$/, 'must be a snapshot id such as spy-2026-11-20'),
      expiration: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form YYYY-MM-DD'),
    }),
    response: z.object({ chain: SnapshotChain }),
    errors: [404],
  },
  'GET /api/learning/progress': { auth: 'user', summary: "The learner's learning progress", response: z.object({ progress: LearningProgress }) },
  'POST /api/learning/reset': { auth: 'user', summary: 'Return learning progress to the defaults', response: z.object({ progress: LearningProgress }) },
});
