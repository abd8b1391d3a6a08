import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { couponFor, planFor, PLANS, PROCESSING_MS } from '../lib/plans';

const SUPPORT_EMAIL = 'support@optionsacademy.example';

/** /success?plan=&coupon= (spec part 1 §2): 1 s of processing, then the plan confirmed. */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const plan = planFor(params.get('plan'));
  const coupon = couponFor(params.get('coupon'));
  const [processing, setProcessing] = useState(true);
  usePageMeta({ title: 'Subscription confirmed', description: 'Your Options Academy plan is active.', path: '/success', noindex: true });

  useEffect(() => {
    const timer = setTimeout(() => setProcessing(false), PROCESSING_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="px-4 py-12">
      <section aria-labelledby="success-title" className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        {processing ? (
          <>
            <h1 id="success-title" className="sr-only">
              Processing your subscription
            </h1>
            <Spinner label="Processing your subscription..." />
          </>
        ) : (
          <>
            <p aria-hidden className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-800">
              ✓
            </p>
            <h1 id="success-title" className="mt-4 text-3xl font-bold text-slate-900">
              Welcome aboard!
            </h1>
            <p className="mt-3 text-lg text-slate-700" data-testid="plan-line">
              Your <span className="font-semibold text-slate-900">{plan.name}</span> ({plan.price}) is active.
            </p>
            {coupon && (
              <p className="mt-2 inline-flex rounded-lg bg-brand-50 px-3 py-1.5 text-sm text-brand-900 ring-1 ring-brand-100" data-testid="coupon-line">
                Coupon <span className="mx-1 font-mono font-semibold">{coupon}</span> applied
              </p>
            )}
            <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
              No payment was taken: every feature of Options Academy is currently free, whichever plan you picked.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/app" className={buttonClass()}>
                Go to the app
              </Link>
              <Link to="/app/settings" className={buttonClass('secondary')}>
                Account settings
              </Link>
              <Link to="/" className={buttonClass('ghost')}>
                Back to home
              </Link>
            </div>
            <p className="mt-6 text-sm text-slate-700">
              Questions? Write to{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-800 underline">
                {SUPPORT_EMAIL}
              </a>
              .
            </p>
            <h2 className="mt-10 text-base font-semibold text-slate-900">Plans</h2>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">Plan names and prices</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 font-medium">
                    Plan
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Price
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.values(PLANS).map((p) => (
                  <tr
                    key={p.id}
                    className={`border-b border-slate-100 ${p.id === plan.id ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
                    aria-current={p.id === plan.id ? 'true' : undefined}
                  >
                    <td className="py-2">
                      {p.name}
                      {p.id === plan.id && <span className="sr-only"> (your plan)</span>}
                    </td>
                    <td className="py-2">{p.price}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </div>
  );
}
