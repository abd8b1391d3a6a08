import { useSearchParams } from 'react-router-dom';
import { useKiteStatus, useStartKiteLogin, type KiteStatus } from '@web/api/kite-login';
import { Spinner } from '@web/components/ui/spinner';

const WHEN = { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' } as const;
/** The session's end as NSE's operators read it (Asia/Kolkata), and in the viewer's own zone. */
const inKolkata = (iso: string) => new Intl.DateTimeFormat('en-IN', { ...WHEN, timeZone: 'Asia/Kolkata' }).format(new Date(iso));
const inViewerZone = (iso: string) => new Intl.DateTimeFormat(undefined, { ...WHEN, timeZoneName: 'short' }).format(new Date(iso));

const code = 'rounded bg-slate-100 px-1';

/**
 * /app/config's Zerodha Kite Connect section (issue 38): whether the keys are stored, the day's login and when it
 * ends, the "Log in to Kite" button (the server answers Kite's login URL; Kite sends the browser back to the callback,
 * which returns here with `?kite=connected` or `?kite=failed&reason=…`), and, plainly, when the feed is the local stand-in.
 */
export function KiteSection({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const status = useKiteStatus();
  const login = useStartKiteLogin(go);
  const [params] = useSearchParams();
  const result = params.get('kite');
  return (
    <section aria-labelledby="kite-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="kite-section">
      <h2 id="kite-h" className="text-lg font-semibold">
        Zerodha Kite Connect
      </h2>
      {result === 'connected' && (
        <p role="status" className="mt-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          Connected to Kite: the session is kept on the server until the time below.
        </p>
      )}
      {result === 'failed' && (
        <p role="alert" className="mt-2 rounded-lg bg-rose-50 p-3 text-sm text-rose-900">
          The Kite login failed: {params.get('reason') || 'Failed to generate session'}
        </p>
      )}
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-800">
          The Kite status could not be read: {status.error.message}
        </p>
      ) : (
        <KiteState status={status.data} />
      )}
      {status.data?.configured && (
        <div className="mt-3">
          <button
            type="button"
            className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
            onClick={() => login.mutate()}
            disabled={login.isPending}
          >
            Log in to Kite
          </button>
          {login.isError && (
            <p role="alert" className="mt-2 text-sm text-rose-800">
              {login.error.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function KiteState({ status }: { status: KiteStatus }) {
  return (
    <div className="mt-2 space-y-2 text-sm text-slate-800">
      {status.standIn && (
        <p data-testid="kite-standin" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          Local Kite stand-in: this stack talks to a stand-in for Kite on this machine (npm start), not to Zerodha. Its data is made up.
        </p>
      )}
      {status.configured ? (
        <p>The Kite API key and secret are stored. Kite asks for a login every trading day: log in each morning before the 09:15 open.</p>
      ) : (
        <>
          <p className="font-medium">{status.message ?? 'Zerodha API not configured'}</p>
          <p>
            Store the Kite Connect app&apos;s keys in the secret <code className={code}>options-academy/&lt;stage&gt;/kite</code> as{' '}
            <code className={code}>{'{"apiKey":"…","apiSecret":"…"}'}</code>, with this site&apos;s <code className={code}>/api/kite/callback</code> as the
            app&apos;s redirect URL (README, &ldquo;Using Zerodha Kite Connect&rdquo;). Until then learners see the simulated NSE market (Demo Data Only).
          </p>
        </>
      )}
      {status.session ? (
        <p data-testid="kite-session">
          {status.session.live ? 'Session live until ' : 'The last session ended '}
          <time dateTime={status.session.expiresAt}>{inKolkata(status.session.expiresAt)} in Mumbai (Asia/Kolkata)</time>,{' '}
          {inViewerZone(status.session.expiresAt)} your time; Kite user {status.session.kiteUserId}.
          {!status.session.live && ' Learners see Demo Data Only until the next login.'}
        </p>
      ) : (
        status.configured && <p data-testid="kite-session">No Kite login yet: learners see Demo Data Only until one.</p>
      )}
    </div>
  );
}
