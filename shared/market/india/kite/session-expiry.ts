import { TZDate } from '@date-fns/tz';

const IST = 'Asia/Kolkata';
/** The hour of the morning, Asia/Kolkata, at which the product takes a Kite login to have ended. */
export const KITE_SESSION_END_HOUR_IST = 6;

/**
 * When the access token of a login made at `loginAt` is taken to stop working: the first 06:00 Asia/Kolkata after the
 * login, which is the next morning for a login made in the trading day. Kite's access token lasts the trading day
 * ("valid for one whole day till next trading session": Zerodha staff on the kite.trade forum) and is voided before
 * the next morning's login; the exact hour is not documented, and 06:00 is well after the close and before the 09:15
 * open, so a session the page calls live is one Kite still honours, and the morning's login is asked for in time.
 */
export function kiteSessionExpiry(loginAt: Date): Date {
  const ist = new TZDate(loginAt.getTime(), IST);
  const end = new TZDate(ist.getFullYear(), ist.getMonth(), ist.getDate(), KITE_SESSION_END_HOUR_IST, 0, 0, 0, IST);
  if (end.getTime() <= loginAt.getTime()) end.setDate(end.getDate() + 1);
  return new Date(end.getTime());
}
