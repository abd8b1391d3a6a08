// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { marketApi } from '@shared/market/market.api';
import { OrderBody } from '@shared/trading/trading.api';
import { AgentPublicPage } from '@web/features/agent/components/agent-public-page';
import { curlExample, exampleExpiry, PLACEHOLDER_TOKEN, typescriptExample } from '@web/features/agent/lib/examples';

const ORIGIN = 'https://optionsacademy.example';

afterEach(cleanup);

describe('the Agent API examples', () => {
  it("read the chain with the market contract's own query and place a two-leg paper order its contract accepts", () => {
    const curl = curlExample({ origin: ORIGIN, today: '2026-11-29' });
    expect(curl).toContain(`BASE=${ORIGIN}`);
    expect(curl).toContain(`TOKEN=${PLACEHOLDER_TOKEN}`);
    const chain = curl.match(/\$BASE\/api\/market\/SPY\/chain\?(\S+)"/)![1]!;
    expect(marketApi['GET /api/market/{underlying}/chain'].query!.safeParse(Object.fromEntries(new URLSearchParams(chain))).success).toBe(true);
    expect(chain).toBe('expiry=2026-12-18');

    // The body as the shell sends it: the two contracts spliced in from their variables.
    const vars = Object.fromEntries([...curl.matchAll(/^(LONG|SHORT)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    const body = curl.match(/-d '([\s\S]*?)'\n$/)![1]!.replace(/'\$(LONG|SHORT)'/g, (_, v: string) => vars[v]!);
    const order = OrderBody.parse(JSON.parse(body));
    expect(order.legs.map((l) => [l.side, l.quantity])).toEqual([
      ['buy', 1],
      ['sell', 1],
    ]);
    expect(order.accountId).toBeUndefined();
  });

  it('name the next monthly expiry, across the year end too', () => {
    expect(exampleExpiry('2026-11-29')).toBe('2026-12-18');
    expect(exampleExpiry('2026-12-02')).toBe('2027-01-15');
  });

  it('in TypeScript, send the token as a bearer and place the spread at POST /api/orders', () => {
    const ts = typescriptExample({ origin: ORIGIN });
    expect(ts).toContain(`const BASE = '${ORIGIN}';`);
    expect(ts).toContain(`process.env.OA_TOKEN ?? '${PLACEHOLDER_TOKEN}'`);
    expect(ts).toContain('authorization: `Bearer ${TOKEN}`');
    expect(ts).toContain("'/api/market/SPY/expiries?type=Monthly'");
    expect(ts).toContain('`/api/market/SPY/chain?expiry=${expiry}`');
    expect(ts).toContain("call<{ order: { id: string; status: string }; note?: string }>('POST', '/api/orders'");
  });
});

describe('the public Agent API page', () => {
  it('says what an agent can and cannot do, the limits, the MCP address and the examples, and links sign-up', () => {
    render(
      <MemoryRouter>
        <AgentPublicPage cta={{ label: 'Sign Up Free', to: '/signup' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Let your script or AI assistant practise options with you');
    const rules = screen.getByRole('region', { name: 'What an agent can and cannot do' });
    expect(rules.textContent).toContain('Trade anything but the paper account: never a live broker account.');
    expect(rules.textContent).toContain('60 requests and 10 orders a minute per token');
    expect(screen.getByTestId('mcp-endpoint').textContent).toBe(`${window.location.origin}/api/mcp`);
    expect(within(screen.getByRole('region', { name: 'Examples' })).getByRole('figure').textContent).toContain(PLACEHOLDER_TOKEN);
    const signUp = screen.getAllByRole('link', { name: 'Sign Up Free' });
    expect(signUp.length).toBeGreaterThan(0);
    for (const link of signUp) expect(link.getAttribute('href')).toBe('/signup');
  });
});
