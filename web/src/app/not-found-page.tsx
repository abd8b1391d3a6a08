import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/page-meta';

export function NotFoundPage() {
  usePageMeta({ title: 'Page not found', description: 'The page you asked for does not exist.', path: window.location.pathname, noindex: true });
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <p className="text-sm font-semibold text-brand-800">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-700">The page you asked for does not exist or has moved.</p>
      <Link to="/" className="mt-6 font-semibold text-brand-800 hover:underline">Back to home</Link>
    </main>
  );
}
