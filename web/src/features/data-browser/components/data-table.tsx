import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { cellText, type Column, type Row } from '../lib/columns';
import { ScrollRegion } from '@web/components/ui/scroll-region';

/**
 * One page of stored rows: Previous and Next over the server's cursors, the CSV of exactly what is shown, and the
 * table (scrolling sideways on a narrow screen). `action` adds a last cell to a row (a chain's contracts, a chart).
 */
export function DataTable({
  caption,
  columns,
  rows,
  page,
  hasNext,
  busy,
  onPrevious,
  onNext,
  onDownload,
  action,
  rowKey,
}: {
  caption: string;
  columns: readonly Column[];
  rows: readonly Row[];
  page: number;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onDownload: () => void;
  action?: { label: string; cell: (row: Row) => ReactNode };
  rowKey: (row: Row, index: number) => string;
}) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          Page {page} · {rows.length} {rows.length === 1 ? 'row' : 'rows'}
          {busy ? ' · loading…' : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onPrevious} disabled={page <= 1 || busy}>
            Previous
          </Button>
          <Button variant="secondary" onClick={onNext} disabled={!hasNext || busy}>
            Next
          </Button>
          <Button variant="secondary" onClick={onDownload} disabled={rows.length === 0}>
            Download CSV
          </Button>
        </div>
      </div>
      {/* Focusable, so a keyboard can scroll a table wider than a phone's screen. */}
      <ScrollRegion className="relative rounded-lg ring-1 ring-slate-200" label={caption}>
        <table className="min-w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={`whitespace-nowrap px-3 py-2 font-semibold ${c.kind === 'text' || c.kind === 'date' || c.kind === 'instant' || c.kind === 'origin' ? '' : 'text-right'}`}
                >
                  {c.label}
                </th>
              ))}
              {action && (
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{action.label}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r, i) => (
              <tr key={rowKey(r, i)}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={`whitespace-nowrap px-3 py-1.5 ${c.kind === 'text' || c.kind === 'date' || c.kind === 'instant' || c.kind === 'origin' ? '' : 'text-right tabular-nums'}`}
                  >
                    {c.kind === 'origin' ? <OriginBadge value={r[c.key]} /> : cellText(c, r[c.key])}
                  </td>
                ))}
                {action && <td className="whitespace-nowrap px-3 py-1.5 text-right">{action.cell(r)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

function OriginBadge({ value }: { value: unknown }) {
  const uploaded = value === 'upload';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${uploaded ? 'bg-violet-100 text-violet-800' : 'bg-slate-100 text-slate-700'}`}>
      {uploaded ? 'uploaded' : 'ingested'}
    </span>
  );
}
