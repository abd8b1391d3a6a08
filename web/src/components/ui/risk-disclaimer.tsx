import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from './button';

/**
 * The risk disclaimer in its three variants (spec part 1 §2): a top banner, a footer paragraph and
 * a modal with 'Risk Disclaimer' / 'I Understand'. Remembering the acknowledgement is the caller's.
 */
export const RISK_DISCLAIMER_SUMMARY =
  'Options Academy is an educational platform. Trading here is simulated with virtual money, nothing on this site is investment advice, and options trading carries substantial risk of loss.';

/**
 * The top banner; on a phone it keeps to one line (the link says the rest) unless `full`. With a live broker
 * account selected it must not say the trading is simulated: orders there move real money.
 */
export function DisclaimerBanner({ full = false, live = false }: { full?: boolean; live?: boolean }) {
  const wide = full ? '' : 'hidden sm:inline';
  return (
    <aside aria-label="Risk notice" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-center text-xs text-amber-950">
      {live ? (
        <>
          <span className="font-semibold">Real money:</span>{' '}
          <span className={wide}>orders on this live account are real trades; the lessons and figures here are education, no investment advice.</span>{' '}
        </>
      ) : (
        <>
          <span className="font-semibold">Education only:</span> <span className={wide}>simulated trading with virtual money, no investment advice.</span>{' '}
        </>
      )}
      <Link to="/DisclaimerDetailed" className="font-medium underline underline-offset-2 hover:text-amber-800">
        Read the risk disclaimer
      </Link>
    </aside>
  );
}

/** The phone's one-line link to the risk disclaimer, in the banner's two wordings. */
export function DisclaimerLink({ live = false, className }: { live?: boolean; className?: string }) {
  return (
    <Link
      to="/DisclaimerDetailed"
      aria-label={live ? 'Real money: read the risk disclaimer' : 'Education only: read the risk disclaimer'}
      className={className}
    >
      {live ? 'Real money' : 'Education only'}
    </Link>
  );
}

export function DisclaimerFooter({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <p className={`text-xs leading-relaxed ${tone === 'dark' ? 'text-slate-300' : 'text-slate-600'}`}>
      <span className="font-semibold">Risk disclaimer.</span> {RISK_DISCLAIMER_SUMMARY} Past performance, simulated or real, does not guarantee future results.
      Consult a licensed financial professional before trading with real money.{' '}
      <Link to="/DisclaimerDetailed" className={`underline underline-offset-2 ${tone === 'dark' ? 'text-white' : 'text-slate-800'}`}>
        Full disclaimer
      </Link>
    </p>
  );
}

/**
 * A true modal: the page behind it is made inert by the caller, focus starts on 'I Understand' and
 * Tab stays inside. It cannot be dismissed without acknowledging, as the spec's component does.
 */
export function RiskDisclaimerModal({ onAcknowledge }: { onAcknowledge: () => void }) {
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    confirm.current?.focus();
  }, []);

  const trapTab = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={trapTab}
        className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200"
      >
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          Risk Disclaimer
        </h2>
        <div id={bodyId} className="mt-3 space-y-3 text-sm text-slate-700">
          <p>{RISK_DISCLAIMER_SUMMARY}</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>Paper trades use virtual money; their results do not predict what real trades would do.</li>
            <li>Prices may be simulated or delayed, and are always marked when they are demo data.</li>
            <li>Options can lose their whole value quickly, and some strategies can lose more than they cost.</li>
            <li>Connecting a broker for live trading is optional and at your own risk.</li>
          </ul>
          <p>
            <Link to="/DisclaimerDetailed" className="font-medium text-brand-800 underline underline-offset-2">
              Read the full risk disclaimer
            </Link>
          </p>
        </div>
        <div className="mt-6 flex justify-end">
          <Button ref={confirm} onClick={onAcknowledge}>
            I Understand
          </Button>
        </div>
      </div>
    </div>
  );
}
