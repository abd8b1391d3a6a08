import { useId, useState } from 'react';
import { FreeForeverBanner } from '@web/components/ui/free-forever-banner';
import { LearningFocusNote } from './learning-focus-note';
import { DisclaimerLinkSlot, DisclaimerSlot, ModeBannerSlot, ModeSummarySlot } from './slots';

/**
 * What sits under the top bar (spec part 1 §2 and §4): the paper/live mode banner, the free-forever banner, the
 * learning-focus note and the education-only risk notice. Each on its own line they pushed the page about 300 px down
 * on a phone, and the chain and the builder's legs below the fold at 1280 × 800 (issue 33), so at every width they fold
 * into one line: the mode and balance, the education-only link to the risk disclaimer, and a button that unfolds the
 * rest. Folded at the start of every visit.
 */
export function ShellNotices() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div className="flex items-center gap-3 border-b border-slate-200 bg-sky-50 px-4 py-1.5 text-xs" data-testid="notices-line">
        <ModeSummarySlot />
        <DisclaimerLinkSlot className="min-w-0 truncate font-semibold text-amber-950 underline underline-offset-2" />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="-my-1 ml-auto flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-semibold text-slate-800 hover:bg-white"
        >
          Notices
          <svg aria-hidden viewBox="0 0 20 20" className={`h-3.5 w-3.5 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>
            <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      <div id={id} hidden={!open} data-testid="shell-notices">
        <ModeBannerSlot />
        <FreeForeverBanner />
        <LearningFocusNote />
        <DisclaimerSlot />
      </div>
    </>
  );
}
