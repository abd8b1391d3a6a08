import { describe, expect, it } from 'vitest';
import { indiaCalculatorHref, readContractQuery } from '@web/lib/india-calculator-link';

describe('the calculator’s address for a contract', () => {
  it('names the contract in the query string, and reads it back', () => {
    const href = indiaCalculatorHref({ symbol: 'NIFTY', expiry: '2026-12-01', strike: 26_000, type: 'put' });
    expect(href).toBe('/india/greeks-calculator?symbol=NIFTY&expiry=2026-12-01&strike=26000&type=put');
    expect(readContractQuery(new URL(href, 'http://x').searchParams)).toEqual({ symbol: 'NIFTY', expiry: '2026-12-01', strike: 26_000, type: 'put' });
    // A symbol with an ampersand survives the round trip.
    expect(readContractQuery(new URL(indiaCalculatorHref({ symbol: 'M&M' }), 'http://x').searchParams)).toEqual({ symbol: 'M&M' });
  });

  it('leaves out what is malformed, and reads NSE’s CE and PE as call and put', () => {
    expect(readContractQuery(new URLSearchParams('symbol=nifty&expiry=1%20Dec&strike=-5&type=PE'))).toEqual({ symbol: 'NIFTY', type: 'put' });
    expect(readContractQuery(new URLSearchParams('symbol=NIFTY&type=ce&strike=abc'))).toEqual({ symbol: 'NIFTY', type: 'call' });
    expect(readContractQuery(new URLSearchParams('symbol=<script>'))).toBeNull();
    expect(readContractQuery(new URLSearchParams(''))).toBeNull();
  });
});
