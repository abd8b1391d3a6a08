import { useId } from 'react';

/** Shown whenever the chain is demo data (spec part 2 §2): what that means and how to get real data. */
export function DemoNotice({ reason, onDismiss }: { reason: string; onDismiss: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="relative rounded-xl bg-amber-50 p-4 pr-12 text-sm text-amber-950 ring-1 ring-inset ring-amber-200">
      <h2 id={headingId} className="font-semibold">
        Demo data in use
      </h2>
      <p className="mt-1">These quotes come from a simulated market, not a live feed: good for learning to read a chain, not for real trades. {reason}</p>
      <p className="mt-1">
        To show real data, set <code className="rounded bg-amber-100 px-1">POLYGON_API_KEY</code> when running locally, or in AWS store the key in the secret{' '}
        <code className="rounded bg-amber-100 px-1 break-all">options-academy/&lt;stage&gt;/market-data</code> (see &ldquo;Market data&rdquo; in the README).
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss the demo data notice"
        className="absolute right-2 top-2 rounded-md p-2 leading-none text-amber-950 hover:bg-amber-100"
      >
        <span aria-hidden className="text-lg">
          ×
        </span>
      </button>
    </section>
  );
}
