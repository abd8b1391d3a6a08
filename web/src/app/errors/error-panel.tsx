import { Button } from '@web/components/ui/button';
import { clearCacheAndReload, describeError } from './chunk-error';

/** The generic panel (spec part 1 §2): 'Something went wrong', expandable details, 'Reload Page'. */
export function ErrorPanel({ error, title = 'Something went wrong', fullScreen = false }: { error: unknown; title?: string; fullScreen?: boolean }) {
  return (
    <div role="alert" className={fullScreen ? 'flex min-h-screen items-center justify-center px-4' : 'px-4 py-10'}>
      <div className="mx-auto w-full max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-700">The page hit an unexpected problem. Reloading usually fixes it; your account and progress are safe.</p>
        <details className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
          <summary className="cursor-pointer font-medium text-slate-800">Details</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-xs">{describeError(error)}</pre>
        </details>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <a href="/" className="inline-flex items-center px-2 text-sm font-semibold text-brand-800 hover:underline">
            Go to the home page
          </a>
        </div>
      </div>
    </div>
  );
}

/** For a page whose code could not be downloaded: most often a new version was just deployed. */
export function UpdateAvailablePanel({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div role="alert" className={fullScreen ? 'flex min-h-screen items-center justify-center px-4' : 'px-4 py-10'}>
      <div className="mx-auto w-full max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold text-slate-900">Update Available</h1>
        <p className="mt-2 text-slate-700">
          A new version of Options Academy is available, or part of this page could not be downloaded. Reload to get the latest version.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button variant="secondary" onClick={() => void clearCacheAndReload()}>
            Clear Cache &amp; Reload
          </Button>
        </div>
      </div>
    </div>
  );
}
