/** Time comes through a port so engines are deterministic in tests (docs/architecture.md, "Conventions"). */
export interface Clock {
  now(): Date;
}

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });
