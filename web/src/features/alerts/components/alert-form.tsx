import { useState, type FormEvent } from 'react';
import { ALERT_KINDS, MAX_ALERT_DAYS, type AlertKind } from '@shared/alerts/alert';
import { Button } from '@web/components/ui/button';
import { useCreateAlert, type CreateAlertBody } from '@web/api/alerts';

const KIND_LABELS: Record<AlertKind, string> = {
  'price-cross': 'Underlying price crosses a level',
  'iv-rank': 'IV rank above or below a level',
  mark: "A contract's mark above or below a level",
  'position-pnl': "A paper position's unrealized P&L",
  expiry: 'An option you hold, N trading days before expiry',
  earnings: 'An earnings report within N days',
};
const ON_CONTRACT: readonly AlertKind[] = ['mark', 'position-pnl', 'expiry'];

const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900';

/** The form that sets an alert; the server checks the condition and the limit of 50 active, and answers in words. */
export function AlertForm({ full }: { full: boolean }) {
  const create = useCreateAlert();
  const [kind, setKind] = useState<AlertKind>('price-cross');
  const [subject, setSubject] = useState('');
  const [direction, setDirection] = useState('above');
  const [value, setValue] = useState('');
  const [repeat, setRepeat] = useState(false);
  const onContract = ON_CONTRACT.includes(kind);
  const usesDays = kind === 'expiry' || kind === 'earnings';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    const s = subject.trim().toUpperCase();
    const condition = (() => {
      switch (kind) {
        case 'price-cross':
        case 'iv-rank':
          return { kind, underlying: s, direction, level: n };
        case 'mark':
          return { kind, contract: s, direction, level: n };
        case 'position-pnl':
          return { kind, contract: s, direction: direction === 'below' ? 'loss' : 'gain', amount: n };
        case 'expiry':
          return { kind, contract: s, tradingDays: n };
        case 'earnings':
          return { kind, underlying: s, days: n };
      }
    })();
    create.mutate({ condition, repeat: repeat ? 'daily' : 'once' } as CreateAlertBody, {
      onSuccess: () => {
        setSubject('');
        setValue('');
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-describedby="alert-form-when">
      <p id="alert-form-when" className="text-sm text-slate-700">
        Alerts are checked after each end-of-day ingestion, on the day&apos;s close, not during the trading session.
      </p>
      <label className="block text-sm font-medium text-slate-800">
        What to watch
        <select className={field} value={kind} onChange={(e) => setKind(e.target.value as AlertKind)}>
          {ALERT_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-800">
        {onContract ? 'Contract (OCC symbol, e.g. SPY261218C00600000)' : 'Underlying (e.g. SPY)'}
        <input className={field} value={subject} onChange={(e) => setSubject(e.target.value)} required autoComplete="off" spellCheck={false} />
      </label>
      {!usesDays && (
        <label className="block text-sm font-medium text-slate-800">
          {kind === 'position-pnl' ? 'Gain or loss' : 'Direction'}
          <select className={field} value={direction} onChange={(e) => setDirection(e.target.value)}>
            <option value="above">{kind === 'position-pnl' ? 'Gain of at least' : kind === 'price-cross' ? 'Closes above' : 'At or above'}</option>
            <option value="below">{kind === 'position-pnl' ? 'Loss of at least' : kind === 'price-cross' ? 'Closes below' : 'At or below'}</option>
          </select>
        </label>
      )}
      <label className="block text-sm font-medium text-slate-800">
        {usesDays
          ? `Days (0 to ${MAX_ALERT_DAYS}${kind === 'expiry' ? ', trading days' : ''})`
          : kind === 'iv-rank'
            ? 'IV rank (0 to 100)'
            : kind === 'position-pnl'
              ? 'Amount in dollars'
              : 'Level in dollars'}
        <input className={field} type="number" inputMode="decimal" step="any" min={0} value={value} onChange={(e) => setValue(e.target.value)} required />
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={repeat} onChange={(e) => setRepeat(e.target.checked)} />
        Repeat (at most once a trading day) instead of once
      </label>
      {create.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {create.error.message}
        </p>
      )}
      <Button type="submit" disabled={create.isPending || full}>
        Set alert
      </Button>
      {full && <p className="text-sm text-slate-700">You have 50 active alerts. Delete or pause one to add another.</p>}
    </form>
  );
}
