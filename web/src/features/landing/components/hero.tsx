import { Link } from 'react-router-dom';
import { buttonClass } from '@web/components/ui/button';
import { heroCta, type Visitor } from '../lib/cta';

export function Hero({ visitor }: { visitor: Visitor }) {
  const cta = heroCta(visitor);
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">Options education and paper trading</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Learn options trading without risking real money
          </h1>
          <p className="mt-5 text-lg text-slate-700">
            Read options chains with Greeks, build strategies from templates, and practise with virtual money under the same pre-trade rules real brokers apply.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <Link to={cta.to} className={buttonClass('primary', 'lg')} data-testid="hero-cta">
              {cta.label}
            </Link>
            <Link to="/optionschain" className="font-semibold text-brand-800 hover:underline">
              Explore the options chain, no login required
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-600">No card needed. Virtual money only. Every feature is free.</p>
        </div>
        <PayoffIllustration />
      </div>
    </section>
  );
}

/** A bull call spread's payoff at expiry: the kind of picture the builder draws. Decorative. */
function PayoffIllustration() {
  return (
    <figure className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <svg viewBox="0 0 320 180" className="h-auto w-full" aria-hidden>
        <line x1="20" y1="100" x2="305" y2="100" stroke="#94a3b8" strokeWidth="1" />
        <line x1="20" y1="15" x2="20" y2="165" stroke="#94a3b8" strokeWidth="1" />
        <polygon points="20,100 20,130 120,130 152,100" fill="#fecaca" />
        <polygon points="152,100 200,62 305,62 305,100" fill="#bbf7d0" />
        <polyline points="20,130 120,130 200,62 305,62" fill="none" stroke="#047857" strokeWidth="3" strokeLinejoin="round" />
        <line x1="160" y1="15" x2="160" y2="165" stroke="#64748b" strokeDasharray="4 4" />
        <text x="24" y="148" fontSize="11" fill="#475569">
          max loss
        </text>
        <text x="222" y="54" fontSize="11" fill="#475569">
          max profit
        </text>
        <text x="164" y="26" fontSize="11" fill="#475569">
          price today
        </text>
      </svg>
      <figcaption className="mt-3 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">Bull call spread at expiry.</span> Every strategy shows its maximum profit, maximum loss and breakeven
        before you place it.{' '}
        <Link to="/app/trading?underlying=SPY&template=bull-call-spread" className="font-semibold text-brand-800 hover:underline">
          Build this spread
        </Link>
      </figcaption>
    </figure>
  );
}
