import type { OptionType } from '@shared/pricing';

/**
 * The Indian Greeks calculator's address for one NSE contract (/india/greeks-calculator?symbol=NIFTY&expiry=…&strike=…
 * &type=call): the page opens on that contract, and the Indian chain links each of its contracts so.
 */
export const INDIA_CALCULATOR_PATH = '/india/greeks-calculator';

export interface ContractQuery {
  symbol: string;
  expiry?: string;
  strike?: number;
  type?: OptionType;
}

export function indiaCalculatorHref(q: ContractQuery): string {
  const params = new URLSearchParams({ symbol: q.symbol });
  if (q.expiry) params.set('expiry', q.expiry);
  if (q.strike !== undefined) params.set('strike', String(q.strike));
  if (q.type) params.set('type', q.type);
  return `${INDIA_CALCULATOR_PATH}?${params.toString()}`;
}

/** The contract a calculator address names; missing or malformed parts are left out (the page then uses its defaults). */
export function readContractQuery(params: URLSearchParams): ContractQuery | null {
  const symbol = (params.get('symbol') ?? '').toUpperCase();
  if (!/^[A-Z][A-Z0-9&-]{0,19}$/.test(symbol)) return null;
  const expiry = params.get('expiry') ?? '';
  const strike = Number(params.get('strike') ?? '');
  const type = (params.get('type') ?? '').toLowerCase();
  return {
    symbol,
    ...(/^\d{4}-\d{2}-\d{2}$/.test(expiry) ? { expiry } : {}),
    ...(Number.isFinite(strike) && strike > 0 ? { strike } : {}),
    ...(type === 'call' || type === 'ce' ? { type: 'call' as const } : type === 'put' || type === 'pe' ? { type: 'put' as const } : {}),
  };
}
