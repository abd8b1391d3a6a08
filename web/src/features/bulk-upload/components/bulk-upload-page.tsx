import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCount, formatPercent } from '@shared/format/number';
import { formatNewYorkTime } from '@shared/format/time';
import { formatRejection, reportCsv, type UploadProgress } from '@shared/uploads/report';
import { COLUMNS, UPLOAD_LIMITS, type UploadKind } from '@shared/uploads/rows';
import { queryKeys } from '@web/api/query-keys';
import { QueryError } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { sendUpload, useRecentUploads, useUpload } from '../api/uploads';
import { ScrollRegion } from '@web/components/ui/scroll-region';

const KIND_LABEL: Record<UploadKind, string> = { stock: 'Stock bars', option: 'Option bars' };
const MAX_MB = UPLOAD_LIMITS.maxBytes / 1024 / 1024;
const STATE_LABEL: Record<UploadProgress['state'], string> = { waiting: 'Waiting for the file', running: 'Reading', succeeded: 'Finished', failed: 'Failed' };

/** The checks the page makes before anything is sent: the job makes them again on the stored file. */
function fileProblem(file: File | null): string | null {
  if (!file) return 'Choose a CSV file.';
  if (!/\.csv$/i.test(file.name)) return `"${file.name}" is not a .csv file. Export the sheet as CSV (comma-separated values) first.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > UPLOAD_LIMITS.maxBytes)
    return `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the largest accepted is ${MAX_MB} MB. Split it and upload the parts.`;
  return null;
}

/** Operators load history the product lacks: a CSV of stock or option bars, checked row by row before it is stored. */
export function BulkUploadPage() {
  usePageMeta({ title: 'Bulk Data Upload', description: 'Upload history in bulk (operators).', path: '/app/bulk-upload', noindex: true });
  const client = useQueryClient();
  const [kind, setKind] = useState<UploadKind>('option');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rowsInFile, setRowsInFile] = useState<number | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const current = useUpload(uploadId);
  const running = current.data ? current.data.state === 'waiting' || current.data.state === 'running' : false;
  const recent = useRecentUploads(running);
  const problem = fileProblem(file);
  const sending = sent !== null && sent < 1;

  async function start() {
    if (!file || problem) return;
    setError(null);
    setUploadId(null);
    setSent(0);
    try {
      // The file's line count makes the job's rows read a fraction (a line break inside a quoted cell is rare in bars).
      const text = await file.text();
      setRowsInFile(Math.max(0, text.split('\n').filter((l) => l.trim() !== '').length - 1));
      const id = await sendUpload(kind, file, setSent);
      setUploadId(id);
      await client.invalidateQueries({ queryKey: queryKeys.admin.uploads() });
    } catch (err) {
      setError((err as Error).message);
      setSent(null);
    }
  }

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Bulk Data Upload</h1>
        <p className="text-slate-700">
          Load daily history the product lacks from a CSV file (at most {MAX_MB} MB). Every row is checked before it is stored; uploaded history is kept for
          good and the scheduled ingestion never overwrites a past day of it.
        </p>
      </header>

      <section aria-labelledby="upload-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="upload-h" className="text-lg font-semibold">
          Upload a file
        </h2>
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-slate-700">What the file holds</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(['stock', 'option'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} disabled={sending} />
                {KIND_LABEL[k]}
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm text-slate-600">
            Header line: <code className="break-all rounded bg-slate-100 px-1">{COLUMNS[kind].join(',')}</code>
          </p>
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <label className="text-sm font-medium text-slate-700" htmlFor="upload-file">
            CSV file
          </label>
          <input
            id="upload-file"
            type="file"
            accept=".csv,text/csv"
            disabled={sending}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
            className="text-sm"
          />
          <Button onClick={() => void start()} disabled={!!problem || sending}>
            Upload
          </Button>
        </div>
        {file && problem && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {problem}
          </p>
        )}
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        )}
        {sent !== null && (
          <Bar label={`Sending ${file?.name ?? 'the file'}`} fraction={sent} detail={sent < 1 ? formatPercent(sent, 0) : 'Sent'} testId="send-progress" />
        )}
      </section>

      {uploadId && (
        <section aria-labelledby="job-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="job-h" className="text-lg font-semibold">
            This upload
          </h2>
          {current.isPending ? <Spinner /> : current.isError ? <QueryError error={current.error} /> : <Report upload={current.data} rowsInFile={rowsInFile} />}
        </section>
      )}

      <section aria-labelledby="recent-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="recent-h" className="text-lg font-semibold">
          Recent uploads
        </h2>
        <p className="text-sm text-slate-600">Reports are kept 30 days after an upload ends. Times are New York time (ET).</p>
        {recent.isPending ? (
          <Spinner />
        ) : recent.isError ? (
          <QueryError error={recent.error} />
        ) : recent.data.uploads.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No uploads yet.</p>
        ) : (
          <ScrollRegion className="mt-3" label="Recent uploads">
            <table className="min-w-full text-sm" data-testid="recent-uploads">
              <thead className="text-left text-slate-600">
                <tr>
                  <th className="py-1 pr-4">Started</th>
                  <th className="py-1 pr-4">File</th>
                  <th className="py-1 pr-4">Kind</th>
                  <th className="py-1 pr-4">State</th>
                  <th className="py-1 pr-4 text-right">Read</th>
                  <th className="py-1 pr-4 text-right">Stored</th>
                  <th className="py-1 pr-4 text-right">Unchanged</th>
                  <th className="py-1 pr-4 text-right">Rejected</th>
                  <th className="py-1" />
                </tr>
              </thead>
              <tbody>
                {recent.data.uploads.map((u) => (
                  <tr key={u.uploadId} className="border-t border-slate-100">
                    <td className="py-1 pr-4 whitespace-nowrap">{formatNewYorkTime(u.createdAt)}</td>
                    <td className="py-1 pr-4 break-all">{u.fileName}</td>
                    <td className="py-1 pr-4">{KIND_LABEL[u.kind]}</td>
                    <td className="py-1 pr-4">{STATE_LABEL[u.state]}</td>
                    <td className="py-1 pr-4 text-right tabular-nums">{formatCount(u.rowsRead)}</td>
                    <td className="py-1 pr-4 text-right tabular-nums">{formatCount(u.stored)}</td>
                    <td className="py-1 pr-4 text-right tabular-nums">{formatCount(u.unchanged)}</td>
                    <td className="py-1 pr-4 text-right tabular-nums">{formatCount(u.rejected)}</td>
                    <td className="py-1">
                      <Button variant="secondary" onClick={() => setUploadId(u.uploadId)}>
                        Report
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}

function Bar({ label, fraction, detail, testId }: { label: string; fraction: number; detail: string; testId: string }) {
  const pct = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="mt-4" data-testid={testId}>
      <div className="flex justify-between text-sm text-slate-700">
        <span>{label}</span>
        <span className="tabular-nums">{detail}</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} className="mt-1 h-2 rounded bg-slate-100">
        <div className="h-2 rounded bg-emerald-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

function Report({ upload: u, rowsInFile }: { upload: UploadProgress; rowsInFile: number | null }) {
  const ended = u.state === 'succeeded' || u.state === 'failed';
  const total = ended ? u.rowsRead : rowsInFile;
  const fraction = ended ? 1 : total ? u.rowsRead / total : 0;
  function download() {
    const blob = new Blob([reportCsv(u)], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `upload-report-${u.uploadId}.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  }
  return (
    <div className="mt-3 space-y-3" data-testid="upload-report">
      <p className="text-sm text-slate-700">
        {u.fileName} ({KIND_LABEL[u.kind]}), started {formatNewYorkTime(u.createdAt)}
        {u.finishedAt ? `, ended ${formatNewYorkTime(u.finishedAt)}` : ''}.
      </p>
      <Bar
        label={STATE_LABEL[u.state]}
        fraction={fraction}
        detail={`${formatCount(u.rowsRead)}${total && !ended ? ` of about ${formatCount(total)}` : ''} rows read`}
        testId="job-progress"
      />
      <dl className="grid gap-3 text-sm sm:grid-cols-4">
        {(
          [
            ['Rows read', u.rowsRead],
            ['Stored', u.stored],
            ['Unchanged', u.unchanged],
            ['Rejected', u.rejected],
          ] as const
        ).map(([label, n]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`report-${label.toLowerCase().replace(' ', '-')}`}>
              {formatCount(n)}
            </dd>
          </div>
        ))}
      </dl>
      {u.message && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {u.message}
        </p>
      )}
      {u.rejections.length > 0 && (
        <div>
          <h3 className="font-semibold">
            Rejected rows{u.rejected > u.rejections.length ? ` (the first ${u.rejections.length} of ${formatCount(u.rejected)})` : ''}
          </h3>
          <ul className="mt-1 max-h-64 overflow-y-auto font-mono text-xs text-slate-800" data-testid="rejections">
            {u.rejections.map((r) => (
              <li key={`${r.row}-${r.column}`}>{formatRejection(r)}</li>
            ))}
          </ul>
        </div>
      )}
      {ended && (
        <Button variant="secondary" onClick={download}>
          Download the report (CSV)
        </Button>
      )}
    </div>
  );
}
