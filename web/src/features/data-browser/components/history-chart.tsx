import { formatCount, formatNumber } from '@shared/format/number';
import { formatShortDate } from '@shared/format/time';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryError } from '@web/components/query-state';
import { Spinner } from '@web/components/ui/spinner';
import { useHistory } from '../api/data-browser';

const axis = { fontSize: 11, fill: '#475569' };

/** The close of the underlying, or of one contract, over the picked range: end-of-day bars by New York date. */
export function HistoryChart({
  underlying,
  from,
  to,
  contract,
  onClear,
}: {
  underlying: string;
  from: string;
  to: string;
  contract?: string | undefined;
  onClear: () => void;
}) {
  const history = useHistory(underlying, { from, to, contract });
  const title = contract ? `${contract} close` : `${underlying} close`;
  return (
    <section aria-labelledby="history-h" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="history-h" className="text-lg font-semibold">
          {title}
        </h2>
        {contract && (
          <button type="button" onClick={onClear} className="text-sm font-semibold text-brand-700 underline">
            Show {underlying} instead
          </button>
        )}
      </div>
      <p className="text-sm text-slate-600">
        End-of-day closes{contract ? ' (the last price where an uploaded bar has no close)' : ''}, by New York trading date, {from} to {to}.
      </p>
      {history.isPending ? (
        <Spinner label="Loading the history…" />
      ) : history.isError ? (
        <QueryError error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : history.data.points.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No bars are stored for {contract ?? underlying} in this range.</p>
      ) : (
        <>
          <div
            className="mt-3 h-56 w-full sm:h-64"
            data-testid="history-chart"
            role="img"
            aria-label={`${title} from ${from} to ${to}, ${history.data.points.length} end-of-day bars`}
          >
            <LineChart responsive style={{ width: '100%', height: '100%' }} data={history.data.points}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              <XAxis dataKey="date" tick={axis} minTickGap={40} tickFormatter={(d: string) => formatShortDate(d)} />
              <YAxis tick={axis} width={56} domain={['auto', 'auto']} tickFormatter={(v: number) => formatNumber(v, { digits: 2, minDigits: 0 })} />
              <Tooltip
                formatter={(v, name) => (name === 'Volume' ? formatCount(Number(v)) : formatNumber(Number(v), { digits: 4, minDigits: 2 }))}
                labelFormatter={(d) => `${String(d)} (New York, end of day)`}
              />
              <Line
                dataKey="close"
                name="Close"
                stroke="#1d4ed8"
                strokeWidth={2}
                dot={history.data.points.length < 40}
                connectNulls
                isAnimationActive={false}
              />
            </LineChart>
          </div>
          {history.data.truncated && (
            <p className="mt-2 text-sm text-amber-800">The range holds more bars than one chart draws: the first {history.data.points.length} are shown.</p>
          )}
        </>
      )}
    </section>
  );
}
