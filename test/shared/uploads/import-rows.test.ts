import { describe, expect, it } from 'vitest';
import type { DailySummary } from '@shared/metrics/daily-summary';
import { barSummary } from '@shared/metrics/daily-summary';
import { differs, refreshedSummaries } from '@shared/uploads/bars';
import { newUpload, type UploadProgress } from '@shared/uploads/report';
import { STOCK_COLUMNS } from '@shared/uploads/rows';
import { importRows } from '@shared/uploads/use-cases/import-rows';
import type { UploadedBar } from '@shared/uploads/uploads.port';

const TODAY = '2026-11-27';

function fakeDeps() {
  const table = new Map<string, Record<string, unknown>>();
  const summaries: DailySummary[] = [];
  const saved: number[] = [];
  let writes = 0;
  return {
    table,
    summaries,
    saved,
    writes: () => writes,
    deps: {
      bars: {
        async existing(_kind: string, keys: readonly { ticker: string; date: string }[]) {
          return new Map(
            keys.flatMap((k) => (table.has(`${k.ticker}#${k.date}`) ? [[`${k.ticker}#${k.date}`, table.get(`${k.ticker}#${k.date}`)!] as const] : [])),
          );
        },
        async put(_kind: string, uploadId: string, bars: readonly UploadedBar[]) {
          writes += bars.length;
          for (const b of bars) table.set(`${b.ticker}#${b.date}`, { ...b.fields, origin: 'upload', uploadId });
        },
      },
      summaries: {
        async putSummaries(rows: readonly DailySummary[]) {
          for (const r of rows) {
            const i = summaries.findIndex((s) => s.underlying === r.underlying && s.date === r.date);
            if (i >= 0) summaries[i] = r;
            else summaries.push(r);
          }
        },
        async listSummaries(u: string, from: string) {
          return summaries.filter((s) => s.underlying === u && s.date >= from).sort((a, b) => a.date.localeCompare(b.date));
        },
      },
      saveProgress: async (p: UploadProgress) => void saved.push(p.rowsRead),
    },
  };
}

const start = (uploadId: string, kind: 'stock' | 'option' = 'stock'): UploadProgress => ({
  ...newUpload({ uploadId, kind, fileName: 'x.csv', size: 1, createdBy: 'op', createdAt: '' }),
  state: 'running',
});

async function* records(lines: string[][]) {
  for (const l of lines) yield l;
}

const file = [
  [...STOCK_COLUMNS],
  ['SPY', '2026-11-19', '600', '606', '599', '605', '100'],
  ['SPY', '2026-11-20', '605', '607', '601', '602', '200'],
  ['SPY', '2026-11-20', '605', '607', '601', '603', '300'],
  ['=cmd', '2026-11-20', '1', '1', '1', '1', '1'],
  ['SPY', '2026-11-24'],
];

describe('importing rows', () => {
  it('stores valid rows, reports the rest, and refreshes the daily summaries of the stored dates', async () => {
    const f = fakeDeps();
    f.summaries.push({ ...barSummary({ underlying: 'SPY', date: '2026-11-20', close: 590, volume: 5, closes: [590] }), basis: 'chain', iv30: 0.2 });
    const p = await importRows(f.deps, start('up-1'), records(file), TODAY);
    expect(p).toMatchObject({ state: 'succeeded', rowsRead: 5, stored: 2, unchanged: 0, rejected: 3 });
    expect(p.rejections).toEqual([
      { row: 3, column: 'ticker', reason: 'repeats row 2 (same ticker and date)' },
      { row: 4, column: 'ticker', reason: 'starts with "=": a formula is not accepted' },
      { row: 5, column: 'row', reason: 'has 2 cells; the header has 7' },
    ]);
    expect(f.table.get('SPY#2026-11-20')).toMatchObject({ close: 602, volume: 200, origin: 'upload', uploadId: 'up-1' });
    const refreshed = f.summaries.find((s) => s.date === '2026-11-20')!;
    expect(refreshed).toMatchObject({ close: 602, volume: 200, basis: 'chain', iv30: 0.2 });
    expect(f.summaries.find((s) => s.date === '2026-11-19')).toMatchObject({ close: 605, basis: 'bars' });
  });

  it('changes nothing when the same file comes again', async () => {
    const f = fakeDeps();
    await importRows(f.deps, start('up-1'), records(file), TODAY);
    const before = structuredClone([...f.table]);
    const writes = f.writes();
    const again = await importRows(f.deps, start('up-2'), records(file), TODAY);
    expect(again).toMatchObject({ state: 'succeeded', stored: 0, unchanged: 2, rejected: 3 });
    expect(f.writes()).toBe(writes);
    expect([...f.table]).toEqual(before);
  });

  it('replaces a stored row only when it differs', async () => {
    const f = fakeDeps();
    await importRows(f.deps, start('up-1'), records(file.slice(0, 3)), TODAY);
    const changed = [file[0]!, file[1]!, ['SPY', '2026-11-20', '605', '607', '601', '604', '200']];
    const p = await importRows(f.deps, start('up-2'), records(changed), TODAY);
    expect(p).toMatchObject({ stored: 1, unchanged: 1 });
    expect(f.table.get('SPY#2026-11-20')).toMatchObject({ close: 604, uploadId: 'up-2' });
    expect(f.table.get('SPY#2026-11-19')).toMatchObject({ uploadId: 'up-1' });
  });

  it('refuses a wrong header, an empty file and a header alone, storing nothing', async () => {
    const f = fakeDeps();
    const wrong = await importRows(f.deps, start('up-1', 'option'), records(file), TODAY);
    expect(wrong.state).toBe('failed');
    expect(wrong.message).toMatch(/^The header does not match option bars \(missing contract_ticker/);
    expect((await importRows(f.deps, start('up-2'), records([]), TODAY)).message).toMatch(/^The file is empty/);
    expect((await importRows(f.deps, start('up-3'), records([file[0]!]), TODAY)).message).toBe('The file has a header but no rows.');
    expect(f.table.size).toBe(0);
  });

  it('keeps the first 100 rejections and counts them all', async () => {
    const f = fakeDeps();
    const bad = Array.from({ length: 150 }, (_, i) => ['SPY', '2026-11-20', `-${i + 1}`, '1', '1', '1', '1']);
    const p = await importRows(f.deps, start('up-1'), records([file[0]!, ...bad]), TODAY);
    expect(p.rejected).toBe(150);
    expect(p.rejections).toHaveLength(100);
    expect(p.rejections[99]!.row).toBe(100);
  });
});

describe('what differs', () => {
  const fields = { date: '2026-11-20', open: 1, close: 2 };
  it('is a missing bar, a bar of the ingestion, or any changed value', () => {
    expect(differs(undefined, fields)).toBe(true);
    expect(differs({ ...fields }, fields)).toBe(true);
    expect(differs({ ...fields, origin: 'ingest' }, fields)).toBe(true);
    expect(differs({ ...fields, origin: 'upload', close: 3 }, fields)).toBe(true);
    expect(differs({ ...fields, origin: 'upload', uploadId: 'other' }, fields)).toBe(false);
  });

  it('refreshes a summary from a bar alone when none is stored', () => {
    const rows = refreshedSummaries('QQQ', [], [{ ticker: 'QQQ', date: '2026-11-20', open: 1, high: 2, low: 1, close: 2, volume: 9 }]);
    expect(rows).toEqual([expect.objectContaining({ underlying: 'QQQ', date: '2026-11-20', close: 2, volume: 9, basis: 'bars', iv30: null })]);
  });
});
