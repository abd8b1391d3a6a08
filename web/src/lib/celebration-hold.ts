import { useEffect, useId, useSyncExternalStore } from 'react';

/**
 * Holding celebrations while the learner is busy (issue 33: a celebration never interrupts learning). A lesson, a quiz
 * or a form that is open says so with `useCelebrationHold(busy, returnLabel)`; the level-up modal waits while any of
 * them is busy (the awards' toasts still show) and opens once the learner finishes or leaves, its button naming what the
 * learner goes back to ("Back to the lesson"). Kept below the features so any page can hold; the gamification feature
 * reads it with `useCelebrationGate()`.
 */

interface Hold {
  busy: boolean;
  returnLabel: string;
}

export interface CelebrationGate {
  /** Some lesson, quiz or form is open and not finished: no modal now. */
  held: boolean;
  /** What the modal's button goes back to: the label of the newest hold still on screen, or null when none is. */
  returnLabel: string | null;
}

const holds = new Map<string, Hold>();
const listeners = new Set<() => void>();
let gate: CelebrationGate = { held: false, returnLabel: null };

function publish() {
  const all = [...holds.values()];
  const held = all.some((h) => h.busy);
  const returnLabel = all.at(-1)?.returnLabel ?? null;
  if (held === gate.held && returnLabel === gate.returnLabel) return;
  gate = { held, returnLabel };
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => gate;

/**
 * Registers the calling component as something the learner is doing while it is mounted: `busy` holds the level-up
 * modal (true until the lesson is complete, the quiz graded, the form sent); `returnLabel` names the modal's button
 * while the component is on screen.
 */
export function useCelebrationHold(busy: boolean, returnLabel: string) {
  const id = useId();
  useEffect(() => {
    // A new hold goes last (the newest); an update keeps its place.
    holds.set(id, { busy, returnLabel });
    publish();
  }, [id, busy, returnLabel]);
  useEffect(
    () => () => {
      holds.delete(id);
      publish();
    },
    [id],
  );
}

/** Whether a celebration must wait now (for code outside React's render, such as a polling loop). */
export const celebrationHeld = () => gate.held;

/** Whether a celebration must wait, and what its button goes back to. */
export function useCelebrationGate(): CelebrationGate {
  return useSyncExternalStore(subscribe, read, read);
}
