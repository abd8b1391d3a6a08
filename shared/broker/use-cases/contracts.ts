import { ok } from '../../result';
import type { BrokerEnvironment } from '../credentials-form';
import { openApi, type BrokerDeps } from './deps';

/** Alpaca's option contracts of an underlying (and expiration), asked of Alpaca; nothing is stored. */
export async function contracts(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, query: { underlying: string; expiration?: string }) {
  const found = await openApi(deps, userId, environment);
  if (!found.ok) return found;
  const res = await found.value.api.contracts({ underlying: query.underlying, expiration: query.expiration });
  if (!res.ok) return res;
  // Spec part 3 §7: bid and ask 2% either side of the close; volatility 0.25 and Greeks 0 are the spec's placeholders, not shown.
  return ok({
    contracts: res.value.map((c) => {
      const close = c.close_price === null || c.close_price === undefined ? null : Number(c.close_price);
      return {
        symbol: c.symbol,
        underlying_symbol: c.underlying_symbol,
        type: c.type,
        style: c.style,
        expiration_date: c.expiration_date,
        strike_price: Number(c.strike_price),
        size: Number(c.size ?? c.multiplier ?? 100),
        close_price: close,
        open_interest: c.open_interest === null || c.open_interest === undefined ? null : Number(c.open_interest),
        bid: close === null ? null : Math.round(close * 0.98 * 100) / 100,
        ask: close === null ? null : Math.round(close * 1.02 * 100) / 100,
      };
    }),
  });
}
