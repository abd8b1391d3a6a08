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

/** "row N: column: reason", the report's line for one rejection. */
export const formatRejection = (r: Rejection): string => `row ${r.row}: ${r.column}: ${r.reason}`;

/**
 * One CSV cell, escaped for a spreadsheet: quoted when it holds a comma, a quote or a line break (RFC 4180), and a
 * cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with a
 * single quote, as OWASP's "CSV Injection" advises, so a rejected cell shown in the report is text, never a formula.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The report as CSV: a summary block, then one line per kept rejection (row, column, reason). */
export function reportCsv(p: UploadProgress): string {
  const lines: (string | number | null)[][] = [
    ['upload', p.uploadId],
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
  ];
  return `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Adds rejections to a report: every one is counted, the first `keep` are kept. */
export function addRejections(p: Pick<UploadProgress, 'rejected' | 'rejections'>, found: readonly Rejection[], keep: number): void {
  if (!found.length) return;
  p.rejected += 1;
  for (const r of found) if (p.rejections.length < keep) p.rejections.push(r);
}
