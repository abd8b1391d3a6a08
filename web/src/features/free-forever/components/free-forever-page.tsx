import { Link } from 'react-router-dom';
import { buttonClass } from '@web/components/ui/button';
import { usePageMeta } from '@web/lib/page-meta';

const INCLUDED = [
  'Options chains with Greeks for every underlying the academy covers',
  'About 50 strategy templates and the multi-leg strategy builder',
  'Paper trading with virtual money and pre-trade compliance checks',
  'Every learning module, quiz and exercise, and your trading journal',
  'XP, levels, achievements, challenges and leaderboards',
  'Market analysis: sentiment, regime, events, screener and arbitrage views',
];

/** Spec part 1 §2: all features are free, with 'Start Learning Free' to /app. Public at /subscription, in the app at /app/subscription. */
export function FreeForeverPage({ inShell }: { inShell: boolean }) {
  usePageMeta({
    title: 'Free forever',
    description:
      'Every feature of Options Academy is free: chains with Greeks, strategy templates, paper trading, lessons and the journal. No card, no plans to choose.',
    path: inShell ? '/app/subscription' : '/subscription',
    noindex: inShell,
  });
  return (
    <div className={inShell ? '' : 'px-4 py-12'}>
      <section aria-labelledby="free-title" className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">Free forever</p>
        <h1 id="free-title" className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
          Every feature is free, for everyone
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          Options Academy is for learning, not for maximising profit. There is no subscription to choose and nothing to pay: no card, no trial that runs out, no
          premium tier.
        </p>
        <h2 className="mt-8 text-lg font-semibold text-slate-900">Included for every learner</h2>
        <ul className="mt-3 space-y-2">
          {INCLUDED.map((item) => (
            <li key={item} className="flex gap-3 text-slate-700">
              <span aria-hidden className="mt-1 text-brand-700">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-600">
          Live trading through your own broker, when you choose it, happens in your brokerage account under its fees; Options Academy charges nothing for the
          connection.
        </p>
        <Link to="/app" className={`${buttonClass('primary', 'lg')} mt-8`}>
          Start Learning Free
        </Link>
      </section>
    </div>
  );
}
