import { AGENT_LIMITS, AGENT_TOKEN_PREFIX } from '@shared/agent/token';
import { monthlyExpiry } from '@shared/market/expirations';
import { occSymbol } from '@shared/market/occ';

/**
 * The Agent API's copy-paste examples (issue 34): read the SPY chain and place a paper spread, in curl and in
 * TypeScript, against the page's own origin. The token is a placeholder: a real one is shown once, when it is created,
 * and never written into a page.
 */
export const PLACEHOLDER_TOKEN = `${AGENT_TOKEN_PREFIX}REPLACE_WITH_YOUR_TOKEN`;

/** The monthly expiry (third Friday) of the month after `today`'s: one the chain lists whatever the day. */
export function exampleExpiry(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 12 ? monthlyExpiry(year + 1, 1) : monthlyExpiry(year, month + 1);
}

export interface ExampleInput {
  /** The site's origin, e.g. https://optionsacademy.example (the page's own). */
  origin: string;
  /** A calendar date (YYYY-MM-DD): the examples' expiry is the next month's monthly. */
  today: string;
  token?: string;
}

export function curlExample({ origin, today, token = PLACEHOLDER_TOKEN }: ExampleInput): string {
  const expiry = exampleExpiry(today);
  return `TOKEN=${token}
BASE=${origin}

# 1. Read (scope "read"): SPY's monthly expirations, then one expiration's whole chain.
curl -s "$BASE/api/market/SPY/expiries?type=Monthly" -H "Authorization: Bearer $TOKEN"
curl -s "$BASE/api/market/SPY/chain?expiry=${expiry}" -H "Authorization: Bearer $TOKEN"

# 2. Trade (scope "trade"): a bull call spread on the paper account. Put two calls
#    from the chain's answer here (their contract_ticker): buy the lower strike,
#    sell the higher one. Re-sending the same clientOrderId returns the first order.
LONG=${occSymbol('SPY', expiry, 'call', 600)}
SHORT=${occSymbol('SPY', expiry, 'call', 610)}
curl -s -X POST "$BASE/api/orders" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{
    "clientOrderId": "my-first-spread-1",
    "type": "market",
    "timeInForce": "day",
    "strategy": "Bull Call Spread",
    "legs": [
      { "contract": "'$LONG'", "side": "buy", "quantity": 1 },
      { "contract": "'$SHORT'", "side": "sell", "quantity": 1 }
    ]
  }'
`;
}

export function typescriptExample({ origin, token = PLACEHOLDER_TOKEN }: Omit<ExampleInput, 'today'>): string {
  return `// Node 20 or later (global fetch), e.g. saved as spread.ts and run with: npx tsx spread.ts
const BASE = '${origin}';
const TOKEN = process.env.OA_TOKEN ?? '${token}';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(BASE + path, {
    method,
    headers: {
      authorization: \`Bearer \${TOKEN}\`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  // 401: revoked or expired; 403: a scope the token lacks; 429: over ${AGENT_LIMITS.requestsPerMinute} requests or ${AGENT_LIMITS.ordersPerMinute} orders a minute.
  if (!res.ok) throw new Error(\`\${res.status} \${answer.error}\`);
  return answer as T;
}

interface Contract {
  contract_ticker: string;
  contract_type: 'call' | 'put';
  strike_price: number;
  mark: number | null;
}

// 1. Read (scope "read"): the first monthly expiration of SPY, and its chain.
const { expiries } = await call<{ expiries: { expiration_date: string }[] }>('GET', '/api/market/SPY/expiries?type=Monthly');
const expiry = expiries[0]!.expiration_date;
const chain = await call<{ underlying: { price: number }; contracts: Contract[] }>('GET', \`/api/market/SPY/chain?expiry=\${expiry}\`);

// 2. Trade (scope "trade"): a bull call spread on the paper account, buying the first call
//    above the price and selling the call five strikes higher.
const calls = chain.contracts
  .filter((c) => c.contract_type === 'call' && c.strike_price >= chain.underlying.price)
  .sort((a, b) => a.strike_price - b.strike_price);
const [long, short] = [calls[0]!, calls[5]!];
const placed = await call<{ order: { id: string; status: string }; note?: string }>('POST', '/api/orders', {
  clientOrderId: crypto.randomUUID(),
  type: 'market',
  timeInForce: 'day',
  strategy: 'Bull Call Spread',
  legs: [
    { contract: long.contract_ticker, side: 'buy', quantity: 1 },
    { contract: short.contract_ticker, side: 'sell', quantity: 1 },
  ],
});
console.log(placed.order.status, placed.note ?? '');
`;
}
