import { describe, expect, it } from 'vitest';
import { DATA_BROWSER_TEXTS } from '@shared/data-browser/data-browser.errors';
import type { DataBrowserReader, OptionBarRow, Page } from '@shared/data-browser/data-browser.port';
import { browseChainContracts } from '@shared/data-browser/use-cases/browse-chain-contracts';
import { browseChains } from '@shared/data-browser/use-cases/browse-chains';
import { browseOptionBars } from '@shared/data-browser/use-cases/browse-option-bars';
import { browseStockBars } from '@shared/data-browser/use-cases/browse-stock-bars';
import { browseSummaries } from '@shared/data-browser/use-cases/browse-summaries';
import { readHistory } from '@shared/data-browser/use-cases/read-history';
import { HISTORY_MAX_POINTS } from '@shared/data-browser/data-browser.api';
import type { OptionContract } from '@shared/market/chain';

const range = { from: '2026-11-01', to: '2026-11-30' };
const bar = (contract: string, date: string): OptionBarRow => ({
  contract,
  underlying: 'SPY',
  date,
  open: 1,
  high: 1,
  low: 1,
  close: 1,
  volume: 10,
  bid: null,
  ask: null,
  last: null,
  open_interest: null,
  implied_volatility: null,
  delta: null,
  gamma: null,
  theta: null,
  vega: null,
  origin: 'ingest',
});

/** A reader that records what it was asked and answers what the test gives it. */
function reader(over: Partial<DataBrowserReader> = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  const record =
    <R>(method: string, answer: R) =>
    (...args: unknown[]) => {
      calls.push({ method, args });
      return Promise.resolve(answer);
    };
  const empty: Page<never> = { rows: [], cursor: null };
  const base: DataBrowserReader = {
    chains: record('chains', empty),
    chain: record('chain', null),
    stockBars: record('stockBars', empty),
    contractBars: record('contractBars', empty),
    underlyingOptionBars: record('underlyingOptionBars', empty),
    summaries: record('summaries', empty),
    series: record('series', { points: [], truncated: false }),
  };
  const wrapped = Object.fromEntries(
    Object.entries(over).map(([k, fn]) => [
      k,
      (...args: unknown[]) => {
        calls.push({ method: k, args });
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  return { deps: { reader: { ...base, ...wrapped } as DataBrowserReader }, calls };
}

describe('browsing a table page by page', () => {
  it('answers the store page with the underlying and passes the range, limit and cursor through', async () => {
    const page = { rows: [{ ticker: 'SPY', date: '2026-11-20', open: 1, high: 2, low: 0.5, close: 1.5, volume: 9, origin: 'upload' as const }], cursor: 'abc' };
    const { deps, calls } = reader({ stockBars: () => Promise.resolve(page) });
    const out = await browseStockBars(deps, 'SPY', range, { limit: 50, cursor: 'prev' });
    expect(out).toEqual({ ok: true, value: { underlying: 'SPY', ...page } });
    expect(calls[0]).toEqual({ method: 'stockBars', args: ['SPY', range, { limit: 50, cursor: 'prev' }] });
  });

  it.each([
    ['chains', browseChains],
    ['stockBars', browseStockBars],
    ['summaries', browseSummaries],
  ] as const)('%s: a cursor the store refuses is a 400 with a way out, not a fault', async (method, useCase) => {
    const { deps } = reader({ [method]: () => Promise.resolve('bad_cursor') });
    const out = await useCase(deps, 'SPY', range, { limit: 10, cursor: 'forged' });
    expect(out).toEqual({ ok: false, error: { code: 'bad_request', message: DATA_BROWSER_TEXTS.badCursor } });
  });
});

describe('option bars', () => {
  it('reads every contract of the underlying when no contract is named', async () => {
    const rows = [bar('SPY261218C00600000', '2026-11-20')];
    const { deps, calls } = reader({ underlyingOptionBars: () => Promise.resolve({ rows, cursor: null }) });
    const out = await browseOptionBars(deps, 'SPY', range, { limit: 100 });
    expect(out.ok && out.value.rows).toEqual(rows);
    expect(calls.map((c) => c.method)).toEqual(['underlyingOptionBars']);
  });

  it("reads one contract's bars by its key when named, with or without the vendor prefix", async () => {
    const { deps, calls } = reader();
    expect((await browseOptionBars(deps, 'SPY', range, { limit: 100 }, 'SPY261218C00600000')).ok).toBe(true);
    expect((await browseOptionBars(deps, 'SPY', range, { limit: 100 }, 'O:SPY261218P00590000')).ok).toBe(true);
    expect(calls.map((c) => [c.method, c.args[0]])).toEqual([
      ['contractBars', 'SPY261218C00600000'],
      ['contractBars', 'O:SPY261218P00590000'],
    ]);
  });

  it('refuses a contract of another underlying, reading nothing', async () => {
    const { deps, calls } = reader();
    const out = await browseOptionBars(deps, 'SPY', range, { limit: 100 }, 'SPYG261218C00060000');
    expect(out).toEqual({ ok: false, error: { code: 'bad_request', message: 'SPYG261218C00060000 is not an option on SPY.' } });
    expect(calls).toEqual([]);
  });

  it('passes a refused cursor on as a 400', async () => {
    const { deps } = reader({ underlyingOptionBars: () => Promise.resolve('bad_cursor') });
    expect(await browseOptionBars(deps, 'SPY', range, { limit: 100, cursor: 'x' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});

describe("a chain's contracts", () => {
  const contracts = Array.from({ length: 5 }, (_, i) => ({ contract_ticker: `SPY261218C0060${i}000` }) as OptionContract);
  const row = {
    underlying: 'SPY',
    expiration: '2026-12-18',
    asOf: '2026-11-27T21:00:00.000Z',
    underlyingPrice: 600,
    contracts: 5,
    source: 'demo',
    provider: 'simulated',
  };

  it('is 404 with the words when no chain of that expiry is stored', async () => {
    const { deps } = reader();
    expect(await browseChainContracts(deps, 'SPY', '2026-12-18', { limit: 2 })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No chain of SPY expiring 2026-12-18 is stored.' },
    });
  });

  it('pages through the contracts with the cursor each page gives, ending with null', async () => {
    const { deps } = reader({ chain: () => Promise.resolve({ row, contracts }) });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const out = await browseChainContracts(deps, 'SPY', '2026-12-18', { limit: 2, cursor });
      if (!out.ok) throw new Error(out.error.message);
      expect(out.value.chain).toEqual(row);
      seen.push(...out.value.rows.map((c) => c.contract_ticker));
      if (out.value.cursor === null) break;
      cursor = out.value.cursor;
    }
    expect(seen).toEqual(contracts.map((c) => c.contract_ticker));
  });

  it("refuses another chain's cursor and a forged one", async () => {
    const { deps } = reader({ chain: () => Promise.resolve({ row, contracts }) });
    const first = await browseChainContracts(deps, 'SPY', '2026-12-18', { limit: 2 });
    const cursor = first.ok ? first.value.cursor! : '';
    expect(await browseChainContracts(deps, 'SPY', '2026-12-11', { limit: 2, cursor })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await browseChainContracts(deps, 'SPY', '2026-12-18', { limit: 2, cursor: 'eyJhdCI6Ijk5In0' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });
});

describe('history for the chart', () => {
  it("reads the underlying's stock bars when no contract is named, at most HISTORY_MAX_POINTS", async () => {
    const points = [{ date: '2026-11-20', close: 600, volume: 1 }];
    const { deps, calls } = reader({ series: () => Promise.resolve({ points, truncated: true }) });
    expect(await readHistory(deps, 'SPY', range)).toEqual({ ok: true, value: { underlying: 'SPY', contract: null, points, truncated: true } });
    expect(calls[0]!.args).toEqual(['stock', 'SPY', range, HISTORY_MAX_POINTS]);
  });

  it("reads one contract's option bars when named, and refuses one of another underlying", async () => {
    const { deps, calls } = reader();
    expect((await readHistory(deps, 'SPY', range, 'SPY261218C00600000')).ok).toBe(true);
    expect(calls[0]!.args.slice(0, 2)).toEqual(['option', 'SPY261218C00600000']);
    expect(await readHistory(deps, 'QQQ', range, 'SPY261218C00600000')).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
