import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { usePageMeta } from '../lib/page-meta';

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta({ title: 'Page not found', description: 'The page you asked for does not exist on Options Academy.', path: pathname, noindex: true });
  return (
    <main id="main" className="flex min-h-[80vh] flex-col items-center justify-center px-4 text-center">
      <Link to="/" aria-label="Options Academy home">
        <Logo />
      </Link>
      <p className="mt-10 text-sm font-semibold text-brand-800">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 max-w-md text-slate-700">The page you asked for does not exist or has moved. Check the address, or start again from one of these:</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass()}>
          Back to home
        </Link>
        <Link to="/optionschain" className={buttonClass('secondary')}>
          Open the options chain
        </Link>
      </div>
    </main>
  );
}
