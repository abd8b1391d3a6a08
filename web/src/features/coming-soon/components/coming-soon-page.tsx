import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '@web/lib/page-meta';
import { launchEstimateText } from '@web/lib/launch-estimate';
import { NotifyForm, type NotifyVisitor } from './notify-form';

const PLANNED = [
  { title: 'Live trading on index options', text: 'NIFTY, BANKNIFTY and FINNIFTY options through Indian brokers.' },
  { title: '20+ Indian stocks', text: 'Options on more than twenty NSE and BSE stocks.' },
  {
    title: 'Indian Greeks',
    text: 'Greeks with NSE lot sizes and the Reserve Bank of India repo rate, in the chain and the calculator today, and on every trade at launch.',
  },
  { title: 'Real-time data', text: 'Live quotes during Indian market hours.' },
  { title: 'Multi-leg strategies', text: 'Spreads, straddles and iron condors placed as one order.' },
  { title: 'Paper trading', text: 'Practise on Indian markets with virtual rupees first.' },
];

/** /coming-soon (spec part 3 §2): the Indian-markets teaser with its timeline and the notify-me form. */
export function ComingSoonPage({ visitor }: { visitor: NotifyVisitor }) {
  usePageMeta({
    title: 'Indian markets: coming soon',
    description:
      'Live options trading on Indian markets is coming to Options Academy: index and stock options, Indian Greeks and paper trading. Get notified at launch.',
    path: '/coming-soon',
  });
  const [now] = useState(() => new Date());
  const estimate = launchEstimateText(now);
  const timeline = [
    {
      phase: 'Foundation',
      status: 'Done',
      text: 'Indian instruments with NSE lot sizes, strike steps and expiries; a simulated NSE market; the Zerodha Kite Connect data feed, wired and tested against a local stand-in of its API; a view-only Indian option chain and the Indian Greeks calculator.',
    },
    {
      phase: 'Testing',
      status: 'In progress',
      text: 'Zerodha is the one Indian broker in testing, for market data only; trading through an Indian broker is not built yet.',
    },
    { phase: 'Launch', status: estimate.short, text: estimate.sentence },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/" className="text-sm font-medium text-brand-800 hover:underline">
        &larr; Back to home
      </Link>
      <section aria-labelledby="soon-title" className="mt-4 rounded-2xl bg-slate-900 p-6 text-white sm:p-10">
        <p className="inline-flex rounded-full bg-white/15 px-3 py-1 text-xs font-semibold">Coming soon</p>
        <h1 id="soon-title" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
          Live options trading for Indian markets
        </h1>
        <p className="mt-3 max-w-2xl text-slate-200">
          {estimate.sentence} Until then, paper and live trading work on US markets; for India you can read a view-only NSE option chain with lot sizes in
          rupees and price options with the Indian Greeks calculator.
        </p>
      </section>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="planned-title" className="lg:col-span-2">
          <h2 id="planned-title" className="text-xl font-bold text-slate-900">
            What is planned
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {PLANNED.map((f) => (
              <li key={f.title} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="now-title">
          <h2 id="now-title" className="text-xl font-bold text-slate-900">
            Available now
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <Link to="/optionschain" className="font-semibold text-brand-800 hover:underline">
                US options chain with Greeks
              </Link>
              <p className="mt-1 text-slate-700">No login required.</p>
            </li>
            <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <Link to="/india/greeks-calculator" className="font-semibold text-brand-800 hover:underline">
                Indian Greeks calculator
              </Link>
              <p className="mt-1 text-slate-700">Price and Greeks of an NSE option, per share and per lot in rupees. No login required.</p>
            </li>
            <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <Link to="/optionschain?market=india" className="font-semibold text-brand-800 hover:underline">
                Indian option chain, view only
              </Link>
              <p className="mt-1 text-slate-700">NIFTY, BANKNIFTY, FINNIFTY and NSE stock options with lot sizes, in rupees.</p>
            </li>
            <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <a
                href="https://www.nseindia.com/option-chain"
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-800 hover:underline"
              >
                NSE option chain<span className="sr-only"> (opens the National Stock Exchange of India site in a new tab)</span>
              </a>
              <p className="mt-1 text-slate-700">The exchange&apos;s own view of Indian option chains.</p>
            </li>
          </ul>
        </section>
      </div>

      <section aria-labelledby="timeline-title" className="mt-10">
        <h2 id="timeline-title" className="text-xl font-bold text-slate-900">
          Timeline
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {timeline.map((t, i) => (
            <li key={t.phase} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Phase {i + 1}</p>
              <h3 className="mt-1 font-semibold text-slate-900">{t.phase}</h3>
              <p className="mt-1 text-sm font-medium text-brand-800">{t.status}</p>
              <p className="mt-1 text-sm text-slate-700">{t.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="notify-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="notify-title" className="text-xl font-bold text-slate-900">
          Get notified at launch
        </h2>
        <p className="mt-1 text-sm text-slate-700">One email when Indian-market live trading opens. Nothing else.</p>
        <div className="mt-4 max-w-xl">
          <NotifyForm visitor={visitor} />
        </div>
      </section>
    </div>
  );
}
