/** Time comes through a port so engines are deterministic in tests (DESIGN.md §4.4). */
export interface Clock {
  now(): Date;
}

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });
