import { MAX_ACTIVE_ALERTS } from './alert';

/** The alerts area's messages to the learner (issue 37). */
export const ALERTS_TEXTS = {
  noAlert: (id: string) => `There is no alert ${id}.`,
  noNotification: (id: string) => `There is no notification ${id}.`,
  tooMany: `You can have at most ${MAX_ACTIVE_ALERTS} active alerts. Delete or pause one to add another.`,
  alreadyDone: 'This alert has fired and is done. Set a new one instead.',
  busy: 'Your alerts changed while saving. Please try again.',
} as const;
