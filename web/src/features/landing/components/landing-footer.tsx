import { Link } from 'react-router-dom';
import { buttonClass } from '@web/components/ui/button';
import { Logo } from '@web/components/ui/logo';
import { DisclaimerFooter } from '@web/components/ui/risk-disclaimer';
import { closingCta, type Visitor } from '../lib/cta';

const SUPPORT_EMAIL = 'support@optionsacademy.example';

export function ClosingCta({ visitor }: { visitor: Visitor }) {
  const cta = closingCta(visitor);
  return (
    <section aria-labelledby="closing-title" className="bg-brand-50">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-5 px-4 py-14 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="closing-title" className="text-2xl font-bold text-slate-900">
            Ready to practise?
          </h2>
          <p className="mt-1 text-slate-700">Open the chain, pick a template, and place your first paper trade in minutes.</p>
        </div>
        <Link to={cta.to} className={buttonClass('primary', 'lg')} data-testid="closing-cta">
          {cta.label}
        </Link>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-4">
        <div className="md:col-span-2">
          <Logo tone="light" />
          <p className="mt-3 max-w-sm text-sm text-slate-300">An education and paper-trading platform for learning options with virtual money.</p>
          <p className="mt-4 text-sm">
            Support:{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-white underline underline-offset-2 focus-visible:outline-white">
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
        <nav aria-label="Product">
          <h2 className="text-sm font-semibold text-white">Product</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/optionschain" className="hover:text-white hover:underline">
                Options chain
              </Link>
            </li>
            <li>
              <Link to="/app/strategy-templates" className="hover:text-white hover:underline">
                Strategy templates
              </Link>
            </li>
            <li>
              <Link to="/coming-soon" className="hover:text-white hover:underline">
                Indian markets
              </Link>
            </li>
            <li>
              <Link to="/subscription" className="hover:text-white hover:underline">
                Free forever
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/privacy" className="hover:text-white hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-white hover:underline">
                Terms and Conditions
              </Link>
            </li>
            <li>
              <Link to="/DisclaimerDetailed" className="hover:text-white hover:underline">
                Risk Disclaimer
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="mx-auto max-w-6xl space-y-3 border-t border-slate-700 px-4 py-6">
        <DisclaimerFooter tone="dark" />
        <p className="text-xs text-slate-300">© {new Date().getFullYear()} Options Academy.</p>
      </div>
    </footer>
  );
}
