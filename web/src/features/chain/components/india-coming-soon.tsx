import { useId } from 'react';
import { Link } from 'react-router-dom';
import { launchEstimateText } from '@web/lib/launch-estimate';
import { INDIA_COMING_SOON } from '../lib/markets';

/** Indian mode's coming-soon banner (spec part 2 §2), above the view-only NSE chain. */
export function IndiaComingSoon() {
  const headingId = useId();
  // The spec's estimate, marked as delayed once its quarter has passed (as on the coming-soon page).
  const estimate = launchEstimateText(new Date());
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-gradient-to-br from-orange-50 via-white to-brand-50 p-6 ring-1 ring-slate-200 sm:p-8">
      <p className="inline-block rounded-full bg-orange-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-orange-900">Coming soon</p>
      <h2 id={headingId} className="mt-3 text-2xl font-bold text-slate-900">
        Indian market options are on their way
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">
        Trading Indian options, BSE chains and real-time Indian data are being built; below is a view-only NSE chain. Expected launch:{' '}
        <strong className="text-slate-900">{estimate.short}</strong>.{estimate.overdue && <> The new date will be announced on the coming-soon page.</>}
      </p>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">What you will get</h3>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {INDIA_COMING_SOON.features.map((f) => (
          <li key={f} className="flex items-center gap-2 text-slate-800">
            <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-brand-700" fill="currentColor">
              <path
                fillRule="evenodd"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                clipRule="evenodd"
              />
            </svg>
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={INDIA_COMING_SOON.comingSoonPath} className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
          See what is coming
        </Link>
        <Link
          to={INDIA_COMING_SOON.calculatorPath}
          className="rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          Open the Indian Greeks calculator
        </Link>
        <a
          href={INDIA_COMING_SOON.nseOptionChainUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          View the NSE option chain<span className="sr-only"> (opens in a new tab)</span>
          <span aria-hidden> ↗</span>
        </a>
      </div>
    </section>
  );
}
