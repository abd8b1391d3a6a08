import { formatPnl } from '@shared/format/money';
import { formatExpiry } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { SavedRun } from '@web/api/backtest';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { figuresOf, rangeWords, ruleWords } from '../lib/results';
import { InfoTip } from '@web/components/ui/info-tip';
import { EquityChart, PnlHistogram } from './run-charts';
import { TeachesPanel } from './teaches-panel';
import { TradesTable } from './trades-table';

const SKIP_WORDS: Record<string, string> = {
  'max-open': 'already at the most open positions',
  'no-iv': 'no implied volatility stored',
  'iv-rank': 'IV rank outside your range',
  'iv-rank-history': 'not enough IV history for an IV rank',
  'no-expiry': 'no listed expiry near your days to expiry',
  earnings: 'earnings before the expiry',
  placement: 'the strategy could not be placed',
  size: 'the risk per trade was below one lot’s max loss',
};

/**
 * A run's results (issue 39): what the prices are (the model note and the data's date, beside the results), the figures
 * with their formulas, the equity curve against buy-and-hold, the P&L distribution, every trade, and what it teaches.
 * A run with no trade says which rule filtered everything out.
 */
export function RunResults({ run, onShare }: { run: SavedRun; onShare: () => void }) {
  const result = run.result;
  const skipped = Object.entries(result.skipped).filter(([, n]) => (n ?? 0) > 0);
  return (
    <section aria-labelledby="bt-results-h" className="space-y-4" data-testid="run-results">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="bt-results-h" className="break-words text-xl font-bold text-slate-900">
            {run.name}
          </h2>
          <p className="text-sm text-slate-700">
            {result.underlying}, {rangeWords(result)}. Total P&amp;L{' '}
            <span className={`font-semibold ${pnlTone(result.metrics.totalPnl)}`} data-testid="total-pnl">
              {formatPnl(result.metrics.totalPnl)}
            </span>
            .
          </p>
        </div>
        <button
          type="button"
          onClick={onShare}
          disabled={!!result.noTrade}
          className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
        >
          Share to the community
        </button>
      </div>

      <aside
        aria-label="How these prices were made"
        className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
        data-testid="model-note"
      >
        <p className="font-semibold" data-testid="data-date">
          End-of-day data through {formatExpiry(run.dataAsOf)}.
        </p>
        <p className="mt-1">{result.note}</p>
      </aside>

      {result.noTrade && (
        <div role="status" className="rounded-xl bg-slate-100 p-4 text-sm text-slate-900 ring-1 ring-slate-300" data-testid="no-trade">
          <p className="font-semibold">This run found no trade.</p>
          <p className="mt-1">
            The rule that filtered everything out: {ruleWords(result.noTrade.field)}. {result.noTrade.message[0]?.toUpperCase()}
            {result.noTrade.message.slice(1)}
            {/[.!?]$/.test(result.noTrade.message) ? '' : '.'}
          </p>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="run-figures">
        {figuresOf(result).map((f) => (
          <div key={f.id} className="min-w-0 rounded-xl bg-white p-3 ring-1 ring-slate-200" data-testid={`figure-${f.id}`}>
            <dt className="flex items-center gap-1 text-sm font-medium text-slate-700">
              {f.label}
              <InfoTip label={`How ${f.label.toLowerCase()} is worked out`} text={f.formula} />
            </dt>
            <dd className="mt-1 break-words text-lg font-bold text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      {skipped.length > 0 && (
        <p className="text-sm text-slate-700" data-testid="skipped">
          Entry days skipped: {skipped.map(([reason, n]) => `${plural(n ?? 0, 'day')} (${SKIP_WORDS[reason] ?? reason})`).join('; ')}.
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <EquityChart result={result} />
        <PnlHistogram result={result} />
      </div>

      <TeachesPanel teaches={run.teaches} />

      {result.trades.length > 0 && <TradesTable result={result} />}
    </section>
  );
}
