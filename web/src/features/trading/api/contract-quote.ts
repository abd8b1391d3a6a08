import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainView } from '@shared/market/market-reader';
import { parseOcc } from '@shared/market/occ';
import { api } from '@web/lib/api-client';

/** One contract's quote, read from its chain (the same data the chain page and the order fill use). */
export async function getContractQuote(contract: string) {
  const occ = parseOcc(contract);
  if (!occ) throw new Error(`${contract} is not an option symbol.`);
  const chain = await api.get<ChainView>(`/api/market/${occ.underlying}/chain`, { expiry: occ.expiration });
  const quote = chain.contracts.find((c) => c.contract_ticker === contract.toUpperCase().replace(/^O:/, ''));
  if (!quote) throw new Error(`${contract} is not listed in the ${occ.underlying} chain for ${occ.expiration}.`);
  return { quote, underlying: chain.underlying, source: chain.source, expiryType: chain.expiry_type, daysToExpiry: chain.days_to_expiry };
}

export const contractQuoteOptions = (contract: string) =>
  queryOptions({ queryKey: ['contract-quote', contract], queryFn: () => getContractQuote(contract), staleTime: 15_000, enabled: !!contract });
export const useContractQuote = (contract: string) => useQuery(contractQuoteOptions(contract));
