import { describe, expect, it } from 'vitest';
import { nextTradingDay } from '@shared/market/calendar';
import { newYorkInstant, yearsBetween } from '@shared/market/dates';
import type { ProviderQuote } from '@shared/market/market-data.port';
import { simulatedProvider } from '@shared/market/simulated-market';
import { exerciseStyle, REFERENCE_DATE, RISK_FREE_RATE, TRACKED_UNDERLYINGS, underlyingProfile } from '@shared/market/underlyings';

/**
 * Issue 23: no free money in the simulated market. Every quote of every tracked underlying's whole chain (every
 * listed expiry, LEAPS included), for 60 consecutive sessions from the reference date, straight from the provider
 * (ingestion stores exactly these quotes): about 1.8 million quotes, 8-12 s on this machine.
 *
 * A bound is broken where one could trade the quotes against each other (or against exercise) for a riskless
 * profit. Buying is at the ask, selling at the bid; S is the close, r the rate, q the dividend yield, T the time
 * to the expiry's close. The American bounds (Hull, 9th ed., §11.4-11.5):
 * - bid ≥ 0 and bid < ask;
 * - no ask, mid or last below the intrinsic value (buy and exercise at once);
 * - no bid above S for a call or K for a put (what an American option can pay at most);
 * - no ask below the European lower bound, S·e^{-qT} − K·e^{-rT} (call) or K·e^{-rT} − S·e^{-qT} (put);
 * - American put-call parity, S·e^{-qT} − K ≤ C − P ≤ S − K·e^{-rT}, on the quotes;
 * - a later expiry of the same strike asks at least what an earlier one bids (it has every right the earlier has).
 * And, across strikes of an expiry: calls fall and puts rise with the strike, no vertical spread is worth more than
 * the strikes' distance, and prices are convex in the strike (no butterfly for a credit).
 */
const SESSIONS = 60;
const EPS = 1e-9;

const sessions: string[] = [];
for (let d = REFERENCE_DATE; sessions.length < SESSIONS; d = nextTradingDay(d)) sessions.push(d);

const cents = (x: number) => Math.round(x * 100) / 100;

describe('the simulated market over 60 sessions', () => {
  it('has no quote below intrinsic value and breaks no no-arbitrage bound, in any tracked underlying', async () => {
    const broken = new Map<string, string[]>();
    const report = (bound: string, what: string) => {
      const list = broken.get(bound) ?? [];
      if (list.length < 5) list.push(what);
      broken.set(bound, list);
    };
    let quotes = 0;
    let inTheMoney = 0;
    let chains = 0;
    for (const session of sessions) {
      const market = simulatedProvider({ now: () => newYorkInstant(session, 17) });
      for (const ticker of TRACKED_UNDERLYINGS) {
        expect(exerciseStyle(ticker)).toBe('american');
        const snapshot = await market.chainSnapshot(ticker);
        const S = snapshot.underlyingPrice!;
        const r = RISK_FREE_RATE;
        const q = underlyingProfile(ticker)!.dividendYield;
        const byExpiry = new Map<string, ProviderQuote[]>();
        for (const quote of snapshot.quotes) {
          const list = byExpiry.get(quote.expiration);
          if (list) list.push(quote);
          else byExpiry.set(quote.expiration, [quote]);
        }
        const earlier = new Map<string, ProviderQuote>();
        for (const [expiration, list] of [...byExpiry.entries()].sort(([a], [b]) => a.localeCompare(b))) {
          chains++;
          const T = yearsBetween(new Date(snapshot.asOf), newYorkInstant(expiration, 16));
          const at = (c: ProviderQuote) => `${session} ${c.ticker} (S ${S}): bid ${c.bid}, ask ${c.ask}, last ${c.last}`;
          for (const c of list) {
            quotes++;
            const K = c.strike;
            const bid = c.bid!;
            const ask = c.ask!;
            const intrinsic = cents(Math.max(0, c.type === 'call' ? S - K : K - S));
            if (intrinsic > 0) inTheMoney++;
            if (!(bid >= 0 && ask > bid)) report('bid ≥ 0 and below the ask', at(c));
            if (ask < intrinsic - EPS) report('ask ≥ intrinsic', at(c));
            if ((bid + ask) / 2 < intrinsic - EPS) report('mid ≥ intrinsic', at(c));
            if (c.last !== undefined && (c.last < intrinsic - EPS || c.last < bid - EPS || c.last > ask + EPS))
              report('last within the spread, ≥ intrinsic', at(c));
            if (bid > (c.type === 'call' ? S : K) + EPS) report('bid ≤ S (call) or K (put)', at(c));
            const europeanFloor = c.type === 'call' ? S * Math.exp(-q * T) - K * Math.exp(-r * T) : K * Math.exp(-r * T) - S * Math.exp(-q * T);
            if (ask < europeanFloor - EPS) report('ask ≥ European lower bound', at(c));
            const before = earlier.get(`${c.type}${K}`);
            if (before && ask < before.bid! - EPS) report('later expiry asks ≥ earlier bid', `${at(c)}; ${before.ticker} bids ${before.bid}`);
            earlier.set(`${c.type}${K}`, c);
          }
          const calls = list.filter((c) => c.type === 'call').sort((a, b) => a.strike - b.strike);
          const puts = list.filter((c) => c.type === 'put').sort((a, b) => a.strike - b.strike);
          expect(calls.map((c) => c.strike)).toEqual(puts.map((p) => p.strike));
          calls.forEach((call, i) => {
            const put = puts[i]!;
            const K = call.strike;
            if (call.ask! - put.bid! < S * Math.exp(-q * T) - K - EPS) report('C − P ≥ S·e^{-qT} − K', `${at(call)}; ${at(put)}`);
            if (call.bid! - put.ask! > S - K * Math.exp(-r * T) + EPS) report('C − P ≤ S − K·e^{-rT}', `${at(call)}; ${at(put)}`);
            if (i === 0) return;
            const width = K - calls[i - 1]!.strike;
            for (const [side, lower, higher] of [
              ['call', calls[i - 1]!, call],
              ['put', puts[i - 1]!, put],
            ] as const) {
              const [dear, cheap] = side === 'call' ? [lower, higher] : [higher, lower];
              if (dear.ask! < cheap.bid! - EPS) report(`${side}s monotone in the strike`, `${at(dear)}; ${at(cheap)}`);
              if (dear.bid! - cheap.ask! > width + EPS) report(`${side} spread ≤ strike distance`, `${at(dear)}; ${at(cheap)}`);
              if (i + 1 < calls.length) {
                const next = side === 'call' ? calls[i + 1]! : puts[i + 1]!;
                const w = (next.strike - higher.strike) / (next.strike - lower.strike);
                if (w * lower.ask! + (1 - w) * next.ask! < higher.bid! - EPS)
                  report(`${side}s convex in the strike`, `${at(lower)}; ${at(higher)}; ${at(next)}`);
              }
            }
          });
        }
      }
    }
    expect(Object.fromEntries(broken)).toEqual({});
    expect(chains).toBeGreaterThan(SESSIONS * TRACKED_UNDERLYINGS.length * 10);
    expect(quotes).toBeGreaterThan(1_500_000);
    expect(inTheMoney).toBeGreaterThan(500_000);
  });
});
