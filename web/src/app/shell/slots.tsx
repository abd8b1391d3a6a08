import { AccountSelector } from '@web/features/trading/components/account-selector';
import { ModeBanner } from '@web/features/trading/components/mode-banner';

/** The account selector in the top bar and the PAPER / LIVE TRADING MODE banner under it (spec part 1 §2). */
export function AccountSelectorSlot() {
  return <AccountSelector />;
}

export function ModeBannerSlot() {
  return <ModeBanner />;
}
