import { formatNumber, formatPercent, orDash } from '@shared/format/number';
import { useMemo } from 'react';
import { useChainTaskAnswer, useSnapshotChain, type PublicWidget, type SnapshotChain } from '@web/api/learning';
import type { OptionContract } from '@shared/market/chain';
import { formatMoney } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import { QueryState } from '@web/components/query-state';

type ChainTaskWidget = Extract<PublicWidget, { kind: 'chain-task' }>;

const num = orDash((x: number, digits = 2) => formatNumber(x, { digits }), '–');
const pct = orDash((x: number) => formatPercent(x, 1), '–');

type Task = { lessonId: string; block: number };

/**
 * The chain-reading task (issue 17) on the lesson's frozen snapshot: the learner clicks a contract. The answer key
 * never reaches the browser: each click is judged on the server, which says right or "Not quite" and why (issue 33),
 * and the reader also puts the ticker into the check question that offers it. The picked contract's figures show
 * under the chain to compare with the prompt.
 */
export function ChainTask({ widget, task, picked, onPick }: { widget: ChainTaskWidget; task: Task; picked: string | null; onPick: (ticker: string) => void }) {
  const chain = useSnapshotChain(widget.snapshot, widget.expiration);
  if (chain.isPending || chain.isError)
    return <QueryState query={chain} pending={<p className="text-sm text-slate-700">Loading the chain…</p>} errorClassName="text-sm text-red-900" />;
  return <ChainTaskTable widget={widget} task={task} chain={chain.data} picked={picked} onPick={onPick} />;
}

/** The server's judgment of the latest click: right or not, and why. */
function Verdict({ answer, picked }: { answer: ReturnType<typeof useChainTaskAnswer>; picked: string | null }) {
  if (!picked || answer.variables?.contract !== picked) return null;
  if (answer.isPending) return <p className="text-sm text-slate-700">Checking your pick…</p>;
  if (answer.isError)
    return (
      <p role="alert" className="text-sm text-red-900">
        {answer.error.message}
      </p>
    );
  if (!answer.data) return null;
  const { correct, explanation } = answer.data;
  return (
    <div
      className={`rounded-lg p-3 text-sm ring-1 ${correct ? 'bg-emerald-50 ring-emerald-200' : 'bg-amber-50 ring-amber-200'}`}
      data-testid="chain-task-verdict"
      data-correct={correct}
    >
      <p className="font-semibold text-slate-900">{correct ? '✓ Correct.' : 'Not quite.'}</p>
      <p className="mt-1 text-slate-800">{explanation}</p>
    </div>
  );
}

function ChainTaskTable({
  widget,
  task,
  chain,
  picked,
  onPick,
}: {
  widget: ChainTaskWidget;
  task: Task;
  chain: SnapshotChain;
  picked: string | null;
  onPick: (ticker: string) => void;
}) {
  const contracts = chain.contracts as unknown as OptionContract[];
  const rows = useMemo(() => {
    const byStrike = new Map<number, { call?: OptionContract; put?: OptionContract }>();
    for (const c of contracts) {
      const row = byStrike.get(c.strike_price) ?? {};
      row[c.contract_type] = c;
      byStrike.set(c.strike_price, row);
    }
    return [...byStrike.entries()].sort((a, b) => a[0] - b[0]);
  }, [contracts]);
  const chosen = contracts.find((c) => c.contract_ticker === picked) ?? null;
  const answer = useChainTaskAnswer();
  const choose = (ticker: string) => {
    onPick(ticker);
    answer.mutate({ ...task, contract: ticker });
  };
  const spot = chain.underlyingPrice;
  const date = chain.asOf.slice(0, 10);

  const cell = (c: OptionContract | undefined, side: 'call' | 'put') =>
    c ? (
      <button
        type="button"
        onClick={() => choose(c.contract_ticker)}
        aria-pressed={picked === c.contract_ticker}
        aria-label={`${chain.underlying} ${formatMoney(c.strike_price)} ${side}, ${formatShortDate(c.expiration_date)}: bid ${num(c.bid, 2)}, ask ${num(c.ask, 2)}, delta ${num(c.delta, 2)}`}
        className={`grid w-full grid-cols-3 gap-2 rounded px-2 py-1 text-right tabular-nums hover:bg-brand-50 ${picked === c.contract_ticker ? 'bg-brand-100 ring-2 ring-brand-700' : ''}`}
      >
        <span>{num(c.bid, 2)}</span>
        <span>{num(c.ask, 2)}</span>
        <span>{num(c.delta, 2)}</span>
      </button>
    ) : (
      <span className="block text-center text-slate-500">–</span>
    );

  return (
    <div className="space-y-3" data-testid="chain-task">
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-200">{widget.prompt}</p>
      <p className="text-xs text-slate-700">
        {chain.underlying} at {formatMoney(spot)}, expiry {formatShortDate(widget.expiration)}. End-of-day data of {formatShortDate(date)}: {chain.source}.
      </p>
      <div className="max-h-96 overflow-auto rounded-lg ring-1 ring-slate-200">
        <table className="w-full min-w-[34rem] text-xs">
          <caption className="sr-only">
            {chain.underlying} option chain, expiry {formatShortDate(widget.expiration)}: calls on the left, puts on the right
          </caption>
          <thead className="sticky top-0 bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-1.5">
                <span className="grid grid-cols-3 gap-2 text-right">
                  <span>Call bid</span>
                  <span>Ask</span>
                  <span>Delta</span>
                </span>
              </th>
              <th scope="col" className="px-2 py-1.5 text-center">
                Strike
              </th>
              <th scope="col" className="px-2 py-1.5">
                <span className="grid grid-cols-3 gap-2 text-right">
                  <span>Put bid</span>
                  <span>Ask</span>
                  <span>Delta</span>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([k, row]) => (
              <tr key={k} className={`border-t border-slate-100 ${k <= spot ? 'bg-white' : 'bg-slate-50/60'}`}>
                <td className="px-1 py-0.5">{cell(row.call, 'call')}</td>
                <th scope="row" className="px-2 py-0.5 text-center font-semibold tabular-nums text-slate-900">
                  {formatMoney(k)}
                </th>
                <td className="px-1 py-0.5">{cell(row.put, 'put')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div aria-live="polite">
        <Verdict answer={answer} picked={picked} />
      </div>
      {chosen && (
        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm tabular-nums ring-1 ring-slate-200 sm:grid-cols-4"
          aria-live="polite"
          data-testid="chain-task-picked"
        >
          <div className="col-span-2 sm:col-span-4">
            <dt className="sr-only">Contract</dt>
            <dd className="font-semibold text-slate-900">
              You picked {chosen.contract_ticker}: {formatMoney(chosen.strike_price)} {chosen.contract_type}, {formatShortDate(chosen.expiration_date)}
            </dd>
          </div>
          {(
            [
              ['Bid', num(chosen.bid, 2)],
              ['Ask', num(chosen.ask, 2)],
              ['Mark', num(chosen.mark, 3)],
              ['IV', pct(chosen.implied_volatility)],
              ['Delta', num(chosen.delta, 4)],
              ['Gamma', num(chosen.gamma, 5)],
              ['Theta / day', num(chosen.theta, 4)],
              ['Vega / 1%', num(chosen.vega, 4)],
              ['Open interest', String(chosen.open_interest ?? '–')],
              ['Volume', String(chosen.volume ?? '–')],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
