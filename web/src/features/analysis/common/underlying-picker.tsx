import { useSearchParams } from 'react-router-dom';
import { UNDERLYINGS } from '@shared/market/underlyings';

/** The page's underlying, kept in the URL (?underlying=SPY) so a link reopens it. */
export function useUnderlyingParam(fallback = 'SPY'): [string, (t: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = (params.get('underlying') ?? '').toUpperCase();
  const ticker = UNDERLYINGS.some((u) => u.ticker === raw) ? raw : fallback;
  return [ticker, (t) => setParams((p) => (p.set('underlying', t), p), { replace: true })];
}

export function UnderlyingPicker({ value, onChange }: { value: string; onChange: (t: string) => void }) {
  return (
    <label className="flex min-w-0 max-w-full items-center gap-2 text-sm font-medium text-slate-800">
      Underlying
      <select value={value} onChange={(e) => onChange(e.target.value)} className="min-w-0 max-w-[70vw] rounded border border-slate-300 px-2 py-1">
        {[...UNDERLYINGS]
          .sort((a, b) => a.ticker.localeCompare(b.ticker))
          .map((u) => (
            <option key={u.ticker} value={u.ticker}>
              {u.ticker} · {u.name}
            </option>
          ))}
      </select>
    </label>
  );
}
