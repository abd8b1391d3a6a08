import { addDays } from '../../market/dates';
import { SUMMARY_RETENTION_DAYS } from '../../metrics/daily-summary';
import { barFields, differs, refreshedSummaries } from '../bars';
import { FILE_MESSAGES } from '../file-checks';
import { addRejections, type UploadProgress } from '../report';
import { checkHeader, duplicateTracker, headerNames, validateRow, UPLOAD_LIMITS, type StockBarRow } from '../rows';
import type { UploadedBar, UploadedBarStore, UploadSummaryStore } from '../uploads.port';

export interface ImportDeps {
  bars: UploadedBarStore;
  summaries: UploadSummaryStore;
  /** Saves the progress item (called after each batch and at the end). */
  saveProgress: (p: UploadProgress) => Promise<void>;
}

/** Rows validated before each write: large enough to keep several batch writes in flight, small in memory. */
export const IMPORT_BATCH_ROWS = 2000;
/** Calendar days of summaries read before the first uploaded date, for HV20 (20 sessions need about 30 days). */
const HV_LOOKBACK_DAYS = 40;

/**
 * Reads an upload's records (the CSV already split into cells, the header first) into the history tables:
 * checks the header, validates each row, rejects a second row for a key the file already gave, and writes, batch by
 * batch, only the rows that differ from what is stored (`differs`), counting the others as unchanged. Stock bars then
 * refresh the daily summaries of their dates (within the summaries' own retention). The progress is saved after each
 * batch. A refused header ends the upload `failed` with the reason, nothing stored; an exception is left to the caller.
 */
export async function importRows(deps: ImportDeps, p: UploadProgress, records: AsyncIterable<readonly string[]>, today: string): Promise<UploadProgress> {
  const seen = duplicateTracker();
  let header: string[] | null = null;
  let batch: { row: number; bar: UploadedBar; stock?: StockBarRow }[] = [];
  const stockByTicker = new Map<string, StockBarRow[]>();

  const flush = async () => {
    if (!batch.length) return;
    const existing = await deps.bars.existing(
      p.kind,
      batch.map((b) => b.bar),
    );
    const changed = batch.filter((b) => differs(existing.get(`${b.bar.ticker}#${b.bar.date}`), b.bar.fields));
    await deps.bars.put(
      p.kind,
      p.uploadId,
      changed.map((b) => b.bar),
    );
    for (const b of changed) {
      if (!b.stock) continue;
      const list = stockByTicker.get(b.stock.ticker) ?? [];
      list.push(b.stock);
      stockByTicker.set(b.stock.ticker, list);
    }
    p.stored += changed.length;
    p.unchanged += batch.length - changed.length;
    batch = [];
    await deps.saveProgress(p);
  };

  for await (const cells of records) {
    if (!header) {
      const problem = checkHeader(p.kind, cells);
      if (problem) return { ...p, state: 'failed', message: problem };
      header = headerNames(cells);
      continue;
    }
    p.rowsRead += 1;
    const n = p.rowsRead;
    if (cells.length !== header.length) {
      addRejections(p, [{ row: n, column: 'row', reason: `has ${cells.length} cells; the header has ${header.length}` }], UPLOAD_LIMITS.reportRejections);
      continue;
    }
    const record: Record<string, string> = {};
    header.forEach((name, i) => (record[name] = cells[i]!));
    const result = validateRow(p.kind, record, n, today);
    if (!result.ok) {
      addRejections(p, result.rejections, UPLOAD_LIMITS.reportRejections);
      continue;
    }
    const repeated = seen(result.key, n, p.kind);
    if (repeated) {
      addRejections(p, [repeated], UPLOAD_LIMITS.reportRejections);
      continue;
    }
    batch.push({ row: n, bar: barFields(p.kind, result.row), stock: p.kind === 'stock' ? (result.row as StockBarRow) : undefined });
    if (batch.length >= IMPORT_BATCH_ROWS) await flush();
  }
  if (!header) return { ...p, state: 'failed', message: FILE_MESSAGES.empty };
  await flush();
  if (p.rowsRead === 0) return { ...p, state: 'failed', message: FILE_MESSAGES.noRows };

  // Summaries are kept SUMMARY_RETENTION_DAYS after their date; an older uploaded bar has none to refresh.
  const oldestSummary = addDays(today, -SUMMARY_RETENTION_DAYS);
  for (const [ticker, bars] of stockByTicker) {
    const kept = bars.filter((b) => b.date > oldestSummary);
    if (!kept.length) continue;
    const first = kept.reduce((min, b) => (b.date < min ? b.date : min), kept[0]!.date);
    const stored = await deps.summaries.listSummaries(ticker, addDays(first, -HV_LOOKBACK_DAYS));
    await deps.summaries.putSummaries(refreshedSummaries(ticker, stored, kept));
  }
  return { ...p, state: 'succeeded', message: null };
}
