import { formatMoney } from '@shared/format/money';
import { NotificationBell } from '@web/features/alerts/components/notification-bell';
import { GamificationWidget } from '@web/features/gamification/components/gamification-widget';
import { XpToasts } from '@web/features/gamification/components/xp-toasts';
import { AccountSelector } from '@web/features/trading/components/account-selector';
import { ModeBanner } from '@web/features/trading/components/mode-banner';
import { DisclaimerBanner, DisclaimerLink } from '@web/components/ui/risk-disclaimer';
import { useMe } from '@web/api/me';
import { useSelectedAccount } from '@web/api/selected-account';
import { useSyncDisplay } from '@web/lib/display';

/** The account selector in the top bar and the PAPER / LIVE TRADING MODE banner under it (spec part 1 §2). */
export function AccountSelectorSlot() {
  return <AccountSelector />;
}

export function ModeBannerSlot() {
  return <ModeBanner />;
}

/** The risk notice, which says "real money" instead of "simulated" while a live broker account is selected. */
export function DisclaimerSlot() {
  const { selected } = useSelectedAccount();
  return <DisclaimerBanner full live={selected?.mode === 'live'} />;
}

/** The phone's one-line link to the risk disclaimer, in the same two wordings. */
export function DisclaimerLinkSlot({ className }: { className: string }) {
  const { selected } = useSelectedAccount();
  return <DisclaimerLink live={selected?.mode === 'live'} className={className} />;
}

/** The mode banner in a few words, for the phone's one line of notices: the mode and the balance, LIVE in red. */
export function ModeSummarySlot() {
  const { selected } = useSelectedAccount();
  if (!selected) return null;
  if (selected.mode === 'paper') {
    return (
      <span className="shrink-0 whitespace-nowrap text-sky-950" data-testid="mode-summary">
        <strong className="tracking-wide">PAPER</strong>
        <span className="sr-only sm:not-sr-only"> trading mode, virtual balance</span>{' '}
        <span className="tabular-nums">{formatMoney(selected.balance, selected.currency === 'INR' ? 'INR' : 'USD')}</span>
      </span>
    );
  }
  return (
    <strong className="shrink-0 whitespace-nowrap rounded bg-red-700 px-1.5 py-0.5 tracking-wide text-white" data-testid="mode-summary">
      LIVE<span className="sr-only"> trading mode:</span> · REAL MONEY
    </strong>
  );
}

/** The gamification widget when it floats at a bottom corner, and the XP toasts (spec part 1 §2, issue 19). */
export function GamificationSlot() {
  return (
    <>
      <GamificationWidget corner="bottom-right" />
      <GamificationWidget corner="bottom-left" />
      <XpToasts />
    </>
  );
}

/** The gamification widget in the top bar, when the learner's corner is a top one. */
export function GamificationBarSlot({ side }: { side: 'left' | 'right' }) {
  return <GamificationWidget corner={side === 'left' ? 'top-left' : 'top-right'} />;
}

/** The learner's theme, motion and number format from the server: they follow the learner across devices. */
export function DisplaySlot() {
  useSyncDisplay(useMe().data?.profile.display);
  return null;
}

/** The bell with the count of unread notifications (issue 37). */
export function NotificationBellSlot() {
  return <NotificationBell />;
}
