import { describe, expect, it } from 'vitest';
import { black76, price } from '@shared/pricing';
import { nseListedExpiries } from '@shared/market/india/nse-calendar';
import { nseContract } from '@shared/market/india/nse-contracts';
import { nseClose, nseTradingSymbol, simulatedNseChain, simulatedNseChainAt } from '@shared/market/india/simulated-nse-market';
import { kolkataInstant, nseYearsToExpiry } from '@shared/market/india/nse-calendar';

const SESSION = '2026-11-27'; // a Friday

describe('simulated NSE market', () => {
  it('is deterministic: the same chain for the same symbol and day', () => {
    const a = simulatedNseChain('NIFTY', SESSION);
    const b = simulatedNseChain('NIFTY', SESSION);
    expect(a).toEqual(b);
    expect(a!.quotes.length).toBeGreaterThan(100);
    expect(simulatedNseChain('NIFTY', '2026-11-30')!.spot).not.toBe(a!.spot);
  });

  it('starts its walk from the reference close and moves from day to day', () => {
    expect(nseClose('NIFTY', '2026-11-02')).toBe(nseContract('NIFTY')!.referencePrice);
    expect(nseClose('NIFTY', '2026-11-03')).not.toBe(nseClose('NIFTY', '2026-11-02'));
    // A holiday reads the trading day before.
    expect(nseClose('NIFTY', '2026-11-10')).toBe(nseClose('NIFTY', '2026-11-09'));
  });

  it('puts the underlying lot size on every contract and prices a lot as premium × lot', () => {
    for (const symbol of ['NIFTY', 'BANKNIFTY', 'RELIANCE']) {
      const chain = simulatedNseChain(symbol, SESSION)!;
      const lot = nseContract(symbol)!.lotSize;
      expect(chain.lotSize).toBe(lot);
      for (const q of chain.quotes) {
        expect(q.lotSize).toBe(lot);
        expect(q.premiumPerLot).toBeCloseTo(q.mid * lot, 6);
      }
    }
  });

  it('lists strikes on the NSE interval of each underlying, the far month on its wider step', () => {
    const nifty = simulatedNseChain('NIFTY', SESSION)!;
    expect(nifty.quotes.every((q) => q.strike % 50 === 0)).toBe(true);
    const bank = simulatedNseChain('BANKNIFTY', SESSION)!;
    expect(bank.quotes.every((q) => q.strike % 100 === 0)).toBe(true);
    const rel = simulatedNseChain('RELIANCE', SESSION)!;
    const strikesOf = (expiry: string) => [...new Set(rel.quotes.filter((q) => q.expiry === expiry).map((q) => q.strike))].sort((a, b) => a - b);
    const [near, , far] = rel.expiries.map((e) => e.date);
    const nearStrikes = strikesOf(near!);
    expect(nearStrikes[1]! - nearStrikes[0]!).toBe(10);
    const farStrikes = strikesOf(far!);
    expect(farStrikes[1]! - farStrikes[0]!).toBe(20);
    // The spot sits inside the strike range.
    expect(nearStrikes[0]!).toBeLessThan(rel.spot);
    expect(nearStrikes.at(-1)!).toBeGreaterThan(rel.spot);
  });

  it('quotes the NSE expiries after the close: NIFTY weeklies and monthlies on Tuesdays, holidays moved', () => {
    const nifty = simulatedNseChain('NIFTY', '2026-11-02')!;
    expect(nifty.expiries).toEqual(nseListedExpiries('NIFTY', '2026-11-02'));
    expect(nifty.expiries.map((e) => e.date)).toContain('2026-11-09'); // Tuesday 10 November is a holiday
    expect(new Set(nifty.quotes.map((q) => q.expiry))).toEqual(new Set(nifty.expiries.map((e) => e.date)));
    // On an expiry day the expiring series has closed.
    const onExpiry = simulatedNseChain('NIFTY', '2026-11-17')!;
    expect(onExpiry.expiries.map((e) => e.date)).not.toContain('2026-11-17');
    const one = simulatedNseChain('NIFTY', SESSION, { expiry: '2026-12-29' })!;
    expect(new Set(one.quotes.map((q) => q.expiry))).toEqual(new Set(['2026-12-29']));
  });

  it('holds put-call parity on the mids, to within a tick', () => {
    const chain = simulatedNseChain('NIFTY', SESSION)!;
    const T = nseYearsToExpiry(new Date(chain.asOf), '2026-12-29');
    const byKey = new Map(chain.quotes.filter((q) => q.expiry === '2026-12-29').map((q) => [`${q.strike}${q.type}`, q]));
    let checked = 0;
    for (const [key, call] of byKey) {
      if (!key.endsWith('CE')) continue;
      const put = byKey.get(`${call.strike}PE`)!;
      const parity = chain.spot * Math.exp(-chain.dividendYield * T) - call.strike * Math.exp(-chain.riskFreeRate * T);
      expect(Math.abs(call.mid - put.mid - parity)).toBeLessThanOrEqual(0.05 + 1e-9);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('prices with the repo rate, in rupees, European, and BSM on the index equals Black-76 on its forward', () => {
    const chain = simulatedNseChain('NIFTY', SESSION)!;
    expect(chain.currency).toBe('INR');
    expect(chain.exercise).toBe('european');
    expect(chain.repoRate).toBe(0.0525);
    const T = 0.1;
    const S = chain.spot;
    const { riskFreeRate: r, dividendYield: q } = chain;
    const F = S * Math.exp((r - q) * T);
    for (const K of [S * 0.9, S, S * 1.1]) {
      expect(price({ type: 'call', S, K, T, r, q, sigma: 0.13 })).toBeCloseTo(black76({ type: 'call', F, K, T, r, sigma: 0.13 }), 8);
    }
  });

  it('solves IV from the quoted mid and gives Greeks a learner can read', () => {
    const chain = simulatedNseChain('NIFTY', SESSION, { expiry: '2026-12-29' })!;
    const atm = chain.quotes
      .filter((q) => q.type === 'CE')
      .reduce((best, q) => (Math.abs(q.strike - chain.spot) < Math.abs(best.strike - chain.spot) ? q : best));
    expect(atm.iv).toBeGreaterThan(0.05);
    expect(atm.iv).toBeLessThan(0.4);
    expect(atm.greeks!.delta).toBeGreaterThan(0.4);
    expect(atm.greeks!.delta).toBeLessThan(0.65);
    expect(atm.greeks!.theta).toBeLessThan(0);
    // The Greeks are at the solved IV: their price is the quoted mid.
    expect(atm.greeks!.price).toBeCloseTo(atm.mid, 6);
    expect(atm.bid).toBeLessThan(atm.ask);
    expect(Math.round(atm.bid * 20)).toBeCloseTo(atm.bid * 20, 9); // on the ₹0.05 tick
  });

  it('reads the latest completed session at an instant', () => {
    expect(simulatedNseChainAt('NIFTY', kolkataInstant('2026-11-30', 10, 0))!.session).toBe('2026-11-27');
    expect(simulatedNseChainAt('NIFTY', kolkataInstant('2026-11-30', 15, 30))!.session).toBe('2026-11-30');
    expect(simulatedNseChain('SPY', SESSION)).toBeNull();
  });

  it('spells trading symbols as Kite lists them', () => {
    expect(nseTradingSymbol('NIFTY', { date: '2026-12-29', kind: 'monthly' }, 26000, 'CE')).toBe('NIFTY26DEC26000CE');
    expect(nseTradingSymbol('NIFTY', { date: '2026-12-01', kind: 'weekly' }, 26000, 'PE')).toBe('NIFTY26D0126000PE');
    expect(nseTradingSymbol('NIFTY', { date: '2026-11-09', kind: 'weekly' }, 25950, 'CE')).toBe('NIFTY26N0925950CE');
  });
});
