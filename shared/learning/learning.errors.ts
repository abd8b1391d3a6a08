/** The learning area's messages to the learner (issue 17). */
export const LEARNING_TEXTS = {
  noModule: (id: string) => `There is no module ${id}.`,
  noLesson: (id: string) => `There is no lesson ${id}.`,
  noQuiz: (id: string) => `There is no quiz ${id}.`,
  noExercise: (id: string) => `There is no exercise ${id}.`,
  noChainTask: (lessonId: string, block: number) => `Lesson ${lessonId} has no chain task at block ${block}.`,
  notOnChain: (contract: string) => `${contract} is not a contract of this task's chain.`,
  passCheckFirst: "Pass the lesson's check to complete it.",
  completeFirst: (title: string) => `Complete ${title} first.`,
  notAQuestion: (id: string) => `Answers: ${id} is not a question of this quiz.`,
  busy: 'Your progress changed while saving. Please try again.',
} as const;
