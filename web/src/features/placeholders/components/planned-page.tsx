import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '@web/lib/page-meta';
import { parseOcc } from '@shared/market/occ';
import { contractName } from '@shared/format/options';
import { plannedPage } from '../planned-pages';

/** The honest stand-in for a page a later issue builds: what it will do, and what works today. */
export function PlannedPageView({ path }: { path: string }) {
  const page = plannedPage(path);
  const title = page?.title ?? 'Not available yet';
  usePageMeta({ title, description: page?.summary ?? 'This page of Options Academy is not available yet.', path: `/app/${path}`, noindex: true });
  return (
    <section aria-labelledby="planned-title" className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <p className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-950">Not available yet</p>
      <h1 id="planned-title" className="mt-3 text-2xl font-bold text-slate-900">
        {title}
      </h1>
      {page && (
        <>
          <p className="mt-3 text-slate-700">
            <span className="font-semibold text-slate-900">What this page will do:</span> {page.summary}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            It is being built as part of the {page.area.toLowerCase()} work; until then nothing here is simulated or made up.
          </p>
        </>
      )}
      {path === 'trade' && <RequestedTrade />}
      <div className="mt-6 border-t border-slate-100 pt-4">
        <h2 className="text-sm font-semibold text-slate-900">What you can use today</h2>
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <li>
            <Link to="/app/optionschain" className="font-medium text-brand-800 hover:underline">
              Options chain with Greeks
            </Link>
          </li>
          <li>
            <Link to="/app" className="font-medium text-brand-800 hover:underline">
              Dashboard
            </Link>
          </li>
          <li>
            <Link to="/app/community" className="font-medium text-brand-800 hover:underline">
              Share your experience
            </Link>
          </li>
          <li>
            <Link to="/app/construction" className="font-medium text-brand-800 hover:underline">
              Everything still under construction
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}

/** The chain's bid/ask links arrive with ?contract=…&side=buy|sell: say what was chosen, so the click is not lost. */
function RequestedTrade() {
  const [params] = useSearchParams();
  const contract = params.get('contract');
  const side = params.get('side');
  if (!contract) return null;
  const parsed = parseOcc(contract);
  const describe = parsed ? contractName(parsed) : contract;
  return (
    <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
      You chose to <span className="font-semibold">{side === 'sell' ? 'sell' : 'buy'}</span> <span className="font-semibold">{describe}</span>
      {parsed && <span className="text-slate-600"> ({contract})</span>}. Placing it becomes possible when the paper trade ticket is built.
    </p>
  );
}
