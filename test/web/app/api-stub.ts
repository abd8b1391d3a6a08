import { vi } from 'vitest';

export type Stub = unknown | ((url: URL, init?: RequestInit) => Response | Promise<Response>);

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const DEFAULT_API: Record<string, Stub> = {
  'GET /api/stats': { learners: 1234, paperTrades: 56789, strategiesBuilt: 321 },
  'GET /api/community/testimonials': { testimonials: [] },
  'GET /api/community/posts': { posts: [], cursor: null },
  'GET /api/learning/outline': { modules: [{ id: 'options_basics', title: 'Options Basics', lessons: 8 }], lessons: 8 },
  'GET /api/market/status': { source: 'demo', provider: 'simulated', configured: false, lastSync: null },
  'GET /api/market/quotes': { quotes: [] },
  'GET /api/me': {
    user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', displayName: 'Ada Lovelace', groups: [], isAdmin: false },
    profile: {
      userId: 'u1',
      publicId: 'adapublic234',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      displayName: '',
      bio: '',
      avatar: { kind: 'initials', seed: 'adapublic234' },
      visibility: { profile: true, learning: false, gamification: false, trading: false },
      display: { theme: 'system', motion: 'system', numberFormat: 'en-US' },
    },
  },
};

/** Replaces fetch with canned answers keyed 'METHOD /path'; records every call. */
export function stubApi(overrides: Record<string, Stub> = {}) {
  const table = { ...DEFAULT_API, ...overrides };
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const stub = table[`${method} ${url.pathname}`];
    if (stub === undefined) return json({ error: `No stub for ${method} ${url.pathname}` }, 404);
    return typeof stub === 'function' ? (stub as (u: URL, i?: RequestInit) => Response | Promise<Response>)(url, init) : json(stub);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
