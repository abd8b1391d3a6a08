import { Link } from 'react-router-dom';
import { useCourseOutline } from '@web/api/learning';
import { byAvailability, FEATURES } from '../lib/features';

const STATUS_STYLE = {
  available: 'bg-brand-100 text-brand-900',
  coming: 'bg-slate-200 text-slate-800',
  announced: 'bg-sky-100 text-sky-900',
  testing: 'bg-amber-100 text-amber-950',
  soon: 'bg-slate-200 text-slate-800',
} as const;

type Status = keyof typeof STATUS_STYLE;

function StatusBadge({ status, children }: { status: Status; children: string }) {
  return <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>{children}</span>;
}

const BROKERS: { name: string; detail: string; status: Status; label: string }[] = [
  {
    name: 'Paper trading',
    detail: 'Virtual money, real market mechanics and pre-trade checks. Where everyone starts.',
    status: 'available',
    label: 'Available now',
  },
  {
    name: 'US brokerage (Alpaca)',
    detail: 'Connect your own Alpaca account, paper or live, with keys stored encrypted.',
    status: 'available',
    label: 'Available now',
  },
  { name: 'International broker', detail: 'Live options trading through an international brokerage account.', status: 'announced', label: 'Announced' },
  { name: 'Crypto broker', detail: 'Crypto options through a crypto exchange account.', status: 'soon', label: 'Planned' },
  {
    name: 'Zerodha (Kite Connect)',
    detail: 'Indian market data through Zerodha’s Kite Connect, tested against a stand-in of its API. Trading through Zerodha is not built yet.',
    status: 'testing',
    label: 'In testing',
  },
  { name: 'Other Indian brokers', detail: 'NIFTY, BANKNIFTY and stock options through further Indian brokers.', status: 'soon', label: 'Planned' },
];

/**
 * The brokers the product can trade through today and the ones it plans. A status says only what the code does now
 * (Alpaca connects; Zerodha's Kite Connect feeds Indian market data and is in testing, for data only; nothing else is
 * built or being tested yet), never a date we cannot stand behind.
 */
export function BrokerSection() {
  return (
    <section aria-labelledby="brokers-title" className="mx-auto max-w-6xl px-4 py-16">
      <div className="max-w-2xl">
        <h2 id="brokers-title" className="text-3xl font-bold tracking-tight text-slate-900">
          From paper to live, when you are ready
        </h2>
        <p className="mt-3 text-slate-700">
          Practise first. Live trading through your own brokerage account is optional, needs an explicit acknowledgement of the risk, and Options Academy never
          holds your money.
        </p>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {BROKERS.map((b) => (
          <li key={b.name} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-semibold text-slate-900">{b.name}</h3>
              <StatusBadge status={b.status}>{b.label}</StatusBadge>
            </div>
            <p className="mt-2 text-sm text-slate-700">{b.detail}</p>
          </li>
        ))}
        <li className="rounded-2xl bg-slate-900 p-5 text-white shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold">Indian markets</h3>
            <span className="inline-flex shrink-0 rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold text-white">Coming soon</span>
          </div>
          <p className="mt-2 text-sm text-slate-200">
            Live trading on Indian index and stock options is being prepared. Available now: a view-only NSE option chain with lot sizes in rupees, and the
            Indian Greeks calculator.
          </p>
          <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
            <Link
              to="/india/greeks-calculator"
              className="inline-block text-sm font-semibold text-white underline underline-offset-2 focus-visible:outline-white"
            >
              Indian Greeks calculator
            </Link>
            <Link to="/coming-soon" className="inline-block text-sm font-semibold text-white underline underline-offset-2 focus-visible:outline-white">
              See the plan and get notified
            </Link>
          </div>
        </li>
      </ul>
    </section>
  );
}

/**
 * Spec part 1 §1: prediction markets in demo mode (issue 36): yes/no contracts on the closes of the tracked underlyings,
 * priced from their option chains, with play money. Were its page planned again, the section would say "Coming".
 */
export function PredictionMarketsSection({ coming }: { coming: boolean }) {
  return (
    <section aria-labelledby="prediction-title" className="bg-white">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-16 md:grid-cols-2">
        <div>
          {coming ? (
            <StatusBadge status="coming">Coming</StatusBadge>
          ) : (
            <p className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-950">Demo</p>
          )}
          <h2 id="prediction-title" className="mt-3 text-3xl font-bold tracking-tight text-slate-900">
            Prediction markets
          </h2>
          <p className="mt-3 text-slate-700">
            {coming
              ? 'Trade yes/no contracts on future events and see how probabilities turn into prices. Prediction markets are coming, in demo mode with virtual money; live prediction trading is announced.'
              : 'Will SPY close above 600 on Friday? Trade yes/no contracts on where SPY, QQQ and the other tracked stocks and funds close on their option expiry dates, priced from their own option chains, and see what the options say the chances are. Play money only, never mixed with your paper account; live prediction trading is announced.'}
          </p>
          <Link to="/app/prediction-markets" className="mt-5 inline-block font-semibold text-brand-800 hover:underline">
            {coming ? 'See what is planned' : 'Try prediction markets (demo)'}
          </Link>
        </div>
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <dt className="text-slate-600">A contract pays</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">$1 if it happens</dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <dt className="text-slate-600">A price of $0.62 means</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">a 62% implied chance</dd>
          </div>
          <div className="col-span-2 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <dt className="text-slate-600">What you learn</dt>
            <dd className="mt-1 text-slate-900">Reading probabilities from prices, and sizing a position you can afford to lose.</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

const TEMPLATE_FAMILIES = [
  { name: 'Bullish', count: '15+', examples: 'Long call, bull call spread, cash-secured put, covered call' },
  { name: 'Bearish', count: '12+', examples: 'Long put, bear put spread, bear call spread' },
  { name: 'Neutral', count: '16+', examples: 'Iron condor, iron butterfly, calendar spread' },
  { name: 'High volatility', count: '10+', examples: 'Long straddle, long strangle, reverse iron condor' },
];

export function TemplatesSection() {
  return (
    <section id="templates" aria-labelledby="templates-title" className="mx-auto max-w-6xl scroll-mt-4 px-4 py-16">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <h2 id="templates-title" className="text-3xl font-bold tracking-tight text-slate-900">
            About 50 strategy templates
          </h2>
          <p className="mt-3 text-slate-700">Start from a ready-made strategy, see its payoff, risk and breakevens, then adjust the legs in the builder.</p>
        </div>
        <Link to="/app/strategy-templates" className="font-semibold text-brand-800 hover:underline">
          Open the template library
        </Link>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TEMPLATE_FAMILIES.map((f) => (
          <li key={f.name} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <p className="text-3xl font-bold text-brand-800">{f.count}</p>
            <h3 className="mt-1 font-semibold text-slate-900">{f.name}</h3>
            <p className="mt-2 text-sm text-slate-700">{f.examples}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the product does: what works now first, then what is coming, each marked (from the planned pages). */
export function FeatureGrid({ planned }: { planned: ReadonlySet<string> }) {
  const { available, coming } = byAvailability(FEATURES, planned);
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-4 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Everything you need to learn options
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {available.map((f) => (
            <li key={f.title} data-testid="feature">
              <h3 className="font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{f.text}</p>
              {f.live === 'lessons' && <LessonCount />}
            </li>
          ))}
        </ul>
        {coming.length > 0 && (
          <>
            <h3 className="mt-12 text-lg font-semibold text-slate-900">Coming</h3>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {coming.map((f) => (
                <li key={f.title} data-testid="feature-coming" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                  <div className="flex items-start justify-between gap-2">
                    <h4 className="font-semibold text-slate-900">{f.title}</h4>
                    <StatusBadge status="coming">Coming</StatusBadge>
                  </div>
                  <p className="mt-2 text-sm text-slate-700">{f.text}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

/** The course's real size, as the learning API counts it; nothing while it loads or if it cannot be read. */
function LessonCount() {
  const outline = useCourseOutline();
  if (!outline.data) return null;
  const { lessons, modules } = outline.data;
  return (
    <p className="mt-2 text-sm font-semibold text-brand-800" data-testid="lesson-count">
      {lessons} lessons in {modules.length} modules so far
    </p>
  );
}
