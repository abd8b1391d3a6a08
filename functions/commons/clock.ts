import type { Clock } from '@shared/ports/clock.port';

export const systemClock: Clock = { now: () => new Date() };
