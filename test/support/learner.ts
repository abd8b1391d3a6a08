import { expect } from 'vitest';
import { signUpAndSignIn } from './cognito';
import { waitFor, type StackInfo } from './local-stack';

/** A chain contract as the market API answers it (the fields the trading tests use). */
export interface ChainContract {
  contract_ticker: string;
  contract_type: 'call' | 'put';
  strike_price: number;
  bid: number;
  ask: number;
}

/**
 * A new learner signed in through the local Cognito, calling the API through the gateway; opens the paper account when
 * given a capital. Signing in stores the profile as the web does, unless `storeProfile` is false (a learner who never
 * opened the app).
 */
export async function learner(stack: StackInfo, startingCapital?: number, { storeProfile = true }: { storeProfile?: boolean } = {}) {
  const user = await signUpAndSignIn(stack);
  const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  // Signing in stores the profile, as the web does (GET /api/me only reads it).
  if (storeProfile) expect((await call('PUT', '/api/me')).status).toBe(200);
  if (startingCapital) expect((await call('POST', '/api/account', { startingCapital })).status).toBe(201);
  return { user, call };
}

export const newKey = () => `c-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * A market order that fills at once whatever the time of the run: while the market is closed (a weekend, an evening)
 * it takes the practice shortcut, the last close, rather than waiting for the next session.
 */
export const marketOrder = (contract: string, side: 'buy' | 'sell', quantity: number, clientOrderId = newKey()) => ({
  clientOrderId,
  type: 'market',
  timeInForce: 'day',
  whenClosed: 'last-close',
  legs: [{ contract, side, quantity }],
});
export const marketBuy = (contract: string, quantity: number, clientOrderId?: string) => marketOrder(contract, 'buy', quantity, clientOrderId);

/** Waits for the start-up ingestion, then reads an underlying's chain of its first monthly expiry. */
export async function monthlyChain(stack: StackInfo, underlying: string) {
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s) => s.lastSync !== null,
    60_000,
    'market data',
  );
  const { expiries } = await (await fetch(`${stack.url}/api/market/${underlying}/expiries?type=Monthly`)).json();
  const chain = (await (await fetch(`${stack.url}/api/market/${underlying}/chain?expiry=${expiries[0].expiration_date}`)).json()) as {
    underlying: { price: number };
    contracts: ChainContract[];
  };
  const nearest = (type: 'call' | 'put', strike: number) =>
    chain.contracts
      .filter((c) => c.contract_type === type && c.bid > 0)
      .reduce((b, c) => (Math.abs(c.strike_price - strike) < Math.abs(b.strike_price - strike) ? c : b));
  return { price: chain.underlying.price, contracts: chain.contracts, nearest };
}
