import { toCsv } from '../text/csv';
import type { Rejection, UploadKind } from './rows';

/** Where an upload stands: waiting for its file, reading it, or ended (all rows seen, or stopped by a failure). */
export const UPLOAD_STATES = ['waiting', 'running', 'succeeded', 'failed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** The progress of one upload and, once it ends, its report (kept 30 days after it ends). */
export interface UploadProgress {
  uploadId: string;
  kind: UploadKind;
  fileName: string;
  /** Bytes, as the browser declared them (the job checks the stored object's own size). */
  size: number;
  createdBy: string;
  createdAt: string;
  state: UploadState;
  /** Why the file was not read to its end ('failed'), in the operator's words; null otherwise. */
  message: string | null;
  rowsRead: number;
  /** Rows written: new bars, and bars that differed from the stored one. */
  stored: number;
  /** Rows equal to the bar already stored (an upload of the same file again). */
  unchanged: number;
  rejected: number;
  /** The first 100 rejections, in file order. */
  rejections: Rejection[];
  startedAt: string | null;
  finishedAt: string | null;
}

/** What an upload's progress item holds when the upload is announced: nothing read yet, waiting for its file. */
export const newUpload = (announced: Pick<UploadProgress, 'uploadId' | 'kind' | 'fileName' | 'size' | 'createdBy' | 'createdAt'>): UploadProgress => ({
  ...announced,
  state: 'waiting',
  message: null,
  rowsRead: 0,
  stored: 0,
  unchanged: 0,
  rejected: 0,
  rejections: [],
  startedAt: null,
  finishedAt: null,
});

/** "row N: column: reason", the report's line for one rejection. */
export const formatRejection = (r: Rejection): string => `row ${r.row}: ${r.column}: ${r.reason}`;

/** The report as CSV: a summary block, then one line per kept rejection (row, column, reason). */
export function reportCsv(p: UploadProgress): string {
  // Through the one CSV writer (shared/text/csv.ts): quoted as RFC 4180 asks, and a rejected cell that looks like a
  // formula is written as text.
  return toCsv(
    ['upload', p.uploadId],
    [
      ['file', p.fileName],
      ['kind', p.kind],
      ['state', p.state],
      ['message', p.message],
      ['rows read', p.rowsRead],
      ['stored', p.stored],
      ['unchanged', p.unchanged],
      ['rejected', p.rejected],
      ['finished', p.finishedAt],
      [],
      ['row', 'column', 'reason'],
      ...p.rejections.map((r) => [r.row, r.column, r.reason]),
    ],
  );
}

/** Adds rejections to a report: every one is counted, the first `keep` are kept. */
export function addRejections(p: Pick<UploadProgress, 'rejected' | 'rejections'>, found: readonly Rejection[], keep: number): void {
  if (!found.length) return;
  p.rejected += 1;
  for (const r of found) if (p.rejections.length < keep) p.rejections.push(r);
}
