import { describe, expect, it } from 'vitest';
import { NSE_CONTRACTS, nseContract, perLot, POPULAR_NSE_UNDERLYINGS } from '@shared/market/india/nse-contracts';

describe('NSE contract specifications', () => {
  it('lists 20 popular underlyings, starting with NIFTY, BANKNIFTY, FINNIFTY (spec part 2 §9)', () => {
    expect(POPULAR_NSE_UNDERLYINGS).toHaveLength(20);
    expect(POPULAR_NSE_UNDERLYINGS.slice(0, 3)).toEqual(['NIFTY', 'BANKNIFTY', 'FINNIFTY']);
    expect(new Set(POPULAR_NSE_UNDERLYINGS).size).toBe(20);
  });

  // NSE circular FAOP70616 (October 2025): the lot sizes of the 2026 expiries.
  it('carries the index lot sizes NSE set for the 2026 expiries', () => {
    expect(nseContract('NIFTY')?.lotSize).toBe(65);
    expect(nseContract('banknifty')?.lotSize).toBe(30);
    expect(nseContract('FINNIFTY')?.lotSize).toBe(60);
    expect(nseContract('HDFCBANK')?.lotSize).toBe(550);
  });

  // SEBI, 1 October 2024: weekly expiries on one benchmark index per exchange (NIFTY on NSE).
  it('gives weekly expiries to NIFTY only, and monthlies to every underlying', () => {
    expect(NSE_CONTRACTS.filter((c) => c.expiryKinds.includes('weekly')).map((c) => c.symbol)).toEqual(['NIFTY']);
    expect(NSE_CONTRACTS.every((c) => c.expiryKinds.includes('monthly'))).toBe(true);
  });

  // SEBI, 1 October 2024: an index derivative is introduced with a contract value of at least ₹15 lakh.
  it('keeps every index contract at the reference price worth at least ₹15 lakh', () => {
    for (const c of NSE_CONTRACTS.filter((x) => x.kind === 'index')) expect(c.referencePrice * c.lotSize).toBeGreaterThanOrEqual(1_500_000);
  });

  it('says which facts were not confirmed against a stored source, and names a source for every contract', () => {
    expect(nseContract('NIFTY')?.confirmed).toEqual({ lotSize: true, strikeInterval: false });
    expect(nseContract('RELIANCE')?.confirmed).toEqual({ lotSize: false, strikeInterval: false });
    for (const c of NSE_CONTRACTS) expect(c.sources.length).toBeGreaterThan(0);
  });

  it('values a lot as the per-share price times the lot size', () => {
    expect(perLot(123.45, 65)).toBeCloseTo(8024.25, 10);
  });

  it('knows nothing of US tickers', () => {
    expect(nseContract('SPY')).toBeUndefined();
  });
});
