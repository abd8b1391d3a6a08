import { useId } from 'react';

/**
 * Shown whenever the chain is simulated (spec part 2 §2), in a learner's words. How an operator connects a provider
 * (keys, secrets) is on the admin page, not here.
 */
export function DemoNotice({ fallback, onDismiss }: { fallback: boolean; onDismiss: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="relative rounded-xl bg-amber-50 px-4 py-3 pr-12 text-sm text-amber-950 ring-1 ring-inset ring-amber-200">
      <h2 id={headingId} className="font-semibold">
        Simulated end-of-day prices
      </h2>
      <p className="mt-1">
        {fallback ? 'Live prices for this chain could not be loaded, so these quotes come' : 'Quotes come'} from the academy&apos;s simulated market as of the
        last close: for learning to read a chain and practising with virtual money, not for real trades.
        {!fallback && <span className="hidden sm:inline"> Live prices appear once an operator connects a market-data provider.</span>}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss the simulated prices notice"
        className="absolute right-2 top-2 rounded-md p-2 leading-none text-amber-950 hover:bg-amber-100"
      >
        <span aria-hidden className="text-lg">
          ×
        </span>
      </button>
    </section>
  );
}
