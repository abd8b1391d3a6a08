import { useReducedMotion } from '@web/lib/display';

/**
 * True when the learner wants less motion (Settings → Display, or their system when they left it to the system): no
 * fades, particles or confetti then.
 */
export const usePrefersReducedMotion = (): boolean => useReducedMotion();
