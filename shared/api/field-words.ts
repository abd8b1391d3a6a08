/**
 * Names a request field in words for the learner (issue 24: "Quantity of leg 1: at most 10,000 contracts", not
 * "body.legs.0.quantity: ..."). The machine path stays in the error's `issues` for developers.
 */
const WORDS: Record<string, string> = {
  clientOrderId: 'Order id',
  limitPrice: 'Limit price',
  timeInForce: 'Time in force',
  startingCapital: 'Starting capital',
  optionsLevel: 'Trading level',
  fillModel: 'Fill model',
  midShare: 'Share of the half-spread',
  commissionPerContract: 'Commission per contract',
  optionType: 'Option type',
  contractTicker: 'Contract',
  groupId: 'Strategy',
  accountId: 'Account',
  reduceOnly: 'Reduce only',
  expiry: 'Expiry',
  q: 'Search',
  id: 'Id',
};

/** Arrays whose items read as "leg 1", "underlying 2". */
const ITEM: Record<string, string> = { legs: 'leg', underlyings: 'underlying', tickers: 'ticker' };

const sentence = (key: string) =>
  (Object.hasOwn(WORDS, key) ? WORDS[key] : undefined) ??
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/(?<=\s)[A-Z]/g, (c) => c.toLowerCase());

/** "Quantity of leg 1", "Limit price", "Contract in the address", "Days in the query"; "The request" for the whole body. */
export function fieldInWords(where: 'body' | 'query' | 'path', path: readonly (string | number)[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const next = path[i + 1];
    if (typeof key === 'string' && typeof next === 'number') {
      parts.unshift(`${(Object.hasOwn(ITEM, key) ? ITEM[key] : undefined) ?? sentence(key).toLowerCase()} ${next + 1}`);
      i++;
    } else parts.unshift(typeof key === 'number' ? `item ${key + 1}` : sentence(key));
  }
  if (!parts.length) return where === 'body' ? 'The request' : where === 'query' ? 'The query' : 'The address';
  const [field, ...owners] = parts;
  const named = [field!.replace(/^./, (c) => c.toUpperCase()), ...owners.map((o) => o.toLowerCase())].join(' of ');
  return where === 'body' ? named : `${named} ${where === 'query' ? 'in the query' : 'in the address'}`;
}
