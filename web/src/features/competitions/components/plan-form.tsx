import { useId, useState, type FormEvent } from 'react';
import { useWritePlan, type CompetitionTrade } from '@web/api/competition-account';
import { Button } from '@web/components/ui/button';

const FIELD = 'mt-1 w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm';

/**
 * A trade's plan: a thesis and a planned exit (a profit target as % of the most it can make, a stop, a time exit), in
 * the journal's terms. Written until the trade closes; the server's refusal is shown as it words it.
 */
export function PlanForm({ seasonId, trade, editing = false }: { seasonId: string; trade: CompetitionTrade; editing?: boolean }) {
  const id = useId();
  const write = useWritePlan(seasonId);
  const [thesis, setThesis] = useState(trade.plan?.thesis ?? '');
  const [target, setTarget] = useState(trade.plan?.plannedExit.profitTargetPct?.toString() ?? '');
  const [stop, setStop] = useState(trade.plan?.plannedExit.stop ?? '');
  const [time, setTime] = useState(trade.plan?.plannedExit.time ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (!thesis.trim()) return setProblem('Write your thesis: why you expect this trade to work.');
    if (!target.trim() && !stop.trim() && !time.trim()) return setProblem('Write at least one planned exit: a profit target, a stop or a time.');
    const pct = target.trim() ? Number(target) : null;
    if (pct !== null && !(Number.isInteger(pct) && pct >= 1 && pct <= 100)) return setProblem('The profit target is a whole percentage from 1 to 100.');
    setProblem(null);
    write.mutate(
      { seasonId, tradeId: trade.id, plan: { thesis, plannedExit: { profitTargetPct: pct, stop, time } } },
      { onSuccess: () => setSaved(true), onError: (err) => setProblem(err.message) },
    );
  };

  const form = (
    <form onSubmit={submit} className="mt-2 space-y-2 rounded-lg bg-slate-50 p-3" aria-labelledby={`${id}-legend`} noValidate>
      <p id={`${id}-legend`} className="font-semibold text-slate-900">
        {editing ? 'Rewrite your plan' : 'Write your plan'}
        <span className="sr-only">
          {' '}
          for {trade.underlying} {trade.strategy}
        </span>
      </p>
      <div>
        <label htmlFor={`${id}-thesis`} className="text-sm font-medium text-slate-900">
          Thesis
        </label>
        <textarea id={`${id}-thesis`} className={FIELD} rows={2} value={thesis} onChange={(e) => setThesis(e.target.value)} maxLength={2000} />
      </div>
      <fieldset className="grid gap-2 sm:grid-cols-3">
        <legend className="text-sm font-medium text-slate-900">Planned exit (at least one)</legend>
        <div>
          <label htmlFor={`${id}-target`} className="text-sm text-slate-800">
            Profit target, % of max profit
          </label>
          <input id={`${id}-target`} className={FIELD} inputMode="numeric" value={target} onChange={(e) => setTarget(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-stop`} className="text-sm text-slate-800">
            Stop
          </label>
          <input id={`${id}-stop`} className={FIELD} value={stop} onChange={(e) => setStop(e.target.value)} maxLength={200} />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="text-sm text-slate-800">
            Time exit
          </label>
          <input id={`${id}-time`} className={FIELD} value={time} onChange={(e) => setTime(e.target.value)} maxLength={200} />
        </div>
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm text-emerald-800">
          Plan saved.
        </p>
      )}
      <Button type="submit" disabled={write.isPending}>
        {write.isPending ? 'Saving...' : 'Save the plan'}
      </Button>
    </form>
  );
  if (!editing) return form;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800">Rewrite the plan</summary>
      {form}
    </details>
  );
}
