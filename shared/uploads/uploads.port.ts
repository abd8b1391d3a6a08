import type { DailySummary } from '../metrics/daily-summary';
import type { BarFields } from './bars';
import type { UploadProgress } from './report';
import type { UploadKind } from './rows';

/** The progress items of uploads (`UPLOAD#<id>` / `JOB`). */
export interface UploadProgressStore {
  create(p: UploadProgress): Promise<void>;
  get(uploadId: string): Promise<UploadProgress | null>;
  /** Rewrites the progress; `expiresAt` (epoch seconds) is set once the upload ended. */
  save(p: UploadProgress, expiresAt?: number): Promise<void>;
  recent(limit: number): Promise<UploadProgress[]>;
}

export interface UploadedBar {
  ticker: string;
  date: string;
  fields: BarFields;
}

/** The bars an upload reads and writes (the market's history items). */
export interface UploadedBarStore {
  /** The stored items of these keys (ticker and date), keyed `<ticker>#<date>`; absent keys are left out. */
  existing(kind: UploadKind, keys: readonly { ticker: string; date: string }[]): Promise<Map<string, Record<string, unknown>>>;
  /** Writes uploaded bars: `origin: 'upload'`, the upload's id, no expiry. */
  put(kind: UploadKind, uploadId: string, bars: readonly UploadedBar[]): Promise<void>;
}

/** The daily summaries an upload of stock bars refreshes (a subset of shared/metrics' store). */
export interface UploadSummaryStore {
  putSummaries(rows: readonly DailySummary[]): Promise<void>;
  listSummaries(underlying: string, fromDate: string): Promise<DailySummary[]>;
}
