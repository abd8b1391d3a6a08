import type { ReactNode } from 'react';

/**
 * The label every screen of the area carries (issue 36): the markets are a demo with play money, kept apart from the
 * paper account. The badge says DEMO in words, never by colour alone.
 */
export function DemoBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-950 ring-1 ring-amber-300">
      DEMO
    </span>
  );
}

export const DEMO_SENTENCE = 'Play money, never mixed with your paper account.';

/** The badge and the sentence, under a screen's heading. */
export function DemoNotice({ children }: { children?: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="demo-label">
      <DemoBadge />
      <span>
        {DEMO_SENTENCE} {children}
      </span>
    </p>
  );
}
