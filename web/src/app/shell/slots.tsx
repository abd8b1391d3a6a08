/**
 * Places the paper-trading issue fills: the account selector in the top bar (accounts with balance,
 * LIVE badge, Connected indicator, 'Add Broker Connection' to /app/broker-connections) and the
 * PAPER / LIVE TRADING MODE banner under it (spec part 1 §2). Until then they render nothing,
 * rather than a selector with invented accounts.
 */
export function AccountSelectorSlot() {
  return null;
}

export function ModeBannerSlot() {
  return null;
}
