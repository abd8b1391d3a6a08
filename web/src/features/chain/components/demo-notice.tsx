import { useId } from 'react';

/**
 * Shown whenever the chain is simulated (spec part 2 §2), in a learner's words. How an operator connects a provider
 * (keys, secrets) is on the admin page, not here. It is one compact line that opens to the explanation, on a phone and
 * on a desktop alike, so the chain's first rows stay in view; the heading names it, so it reads the same either way.
 */
export function DemoNotice({ fallback, onDismiss }: { fallback: boolean; onDismiss: () => void }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="relative min-w-0 flex-1 basis-64 rounded-lg bg-amber-50 text-sm text-amber-950 ring-1 ring-inset ring-amber-200"
    >
      <details className="group" data-testid="demo-notice-fold">
        <summary className="flex cursor-pointer list-none items-center gap-2 py-1.5 pl-3 pr-10 [&::-webkit-details-marker]:hidden">
          <h2 id={headingId} className="font-semibold">
            Simulated end-of-day prices
          </h2>
          <span className="hidden truncate text-amber-900 sm:inline">
            {fallback ? '· live prices could not be loaded' : '· for learning, not for real trades'}
          </span>
          <span aria-hidden className="ml-auto text-amber-900 transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <p className="px-3 pb-2">
          {fallback ? 'Live prices for this chain could not be loaded, so these quotes come' : 'Quotes come'} from the academy&apos;s simulated market as of the
          last close: for learning to read a chain and practising with virtual money, not for real trades.
          {!fallback && <span className="hidden sm:inline"> Live prices appear once an operator connects a market-data provider.</span>}
        </p>
      </details>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss the simulated prices notice"
        className="absolute right-1 top-0.5 rounded-md px-2 py-1 leading-none text-amber-950 hover:bg-amber-100"
      >
        <span aria-hidden className="text-lg">
          ×
        </span>
      </button>
    </section>
  );
}
