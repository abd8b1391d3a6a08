import { describe, expect, it } from 'vitest';
import { formatRejection, reportCsv, type UploadProgress } from '@shared/uploads/report';
import { looksBinary } from '@shared/uploads/file-checks';

const progress = (over: Partial<UploadProgress> = {}): UploadProgress => ({
  uploadId: 'u-12345678',
  kind: 'stock',
  fileName: 'bars, "2026".csv',
  size: 100,
  createdBy: 'op',
  createdAt: '2026-11-27T10:00:00.000Z',
  state: 'succeeded',
  message: null,
  rowsRead: 3,
  stored: 1,
  unchanged: 1,
  rejected: 1,
  rejections: [{ row: 2, column: 'ticker', reason: 'starts with "=": a formula is not accepted' }],
  startedAt: null,
  finishedAt: '2026-11-27T10:00:05.000Z',
  ...over,
});

describe('the report', () => {
  it('words a rejection as "row N: column: reason"', () => {
    expect(formatRejection({ row: 12, column: 'open', reason: 'must not be negative (-1)' })).toBe('row 12: open: must not be negative (-1)');
  });

  it('exports the counts and each kept rejection as CSV', () => {
    const csv = reportCsv(progress());
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toContain('file,"bars, ""2026"".csv"');
    expect(lines).toContain('rows read,3');
    expect(lines).toContain('row,column,reason');
    expect(lines.at(-1)).toBe('2,ticker,"starts with ""="": a formula is not accepted"');
  });

  it('writes a rejected cell that looks like a formula as text', () => {
    const csv = reportCsv(progress({ rejections: [{ row: 4, column: '=HYPERLINK("http://x")', reason: '-2+3' }] }));
    expect(csv.trimEnd().split('\r\n').at(-1)).toBe(`4,"'=HYPERLINK(""http://x"")",'-2+3`);
  });
});

describe('binary files', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('takes UTF-8 text (with a character cut at the end of the sample) as text', () => {
    expect(looksBinary(bytes('ticker,date\nSPY,2026-11-20\n'))).toBe(false);
    expect(looksBinary(bytes('name,é€').subarray(0, 9))).toBe(false);
  });
  it('takes NUL bytes or invalid UTF-8 as binary', () => {
    expect(looksBinary(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBe(true);
    expect(looksBinary(new Uint8Array([0x74, 0xff, 0xfe, 0x41, 0x42]))).toBe(true);
  });
});
