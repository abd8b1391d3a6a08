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

/** The sentence under a screen's heading, whose DEMO badge names the screen a demo. */
export function DemoNotice({ children }: { children?: ReactNode }) {
  return (
    <p className="text-sm text-slate-700" data-testid="demo-label">
      <span className="font-semibold text-amber-950">{DEMO_SENTENCE}</span> {children}
    </p>
  );
}
