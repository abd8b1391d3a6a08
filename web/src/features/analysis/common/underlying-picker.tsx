import { useSearchParams } from 'react-router-dom';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';

/** The analysed underlying lives in the URL (?underlying=AAPL), so a link (a heatmap cell) opens it. */
export function useAnalysedUnderlying(fallback = 'SPY'): [string, (u: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = (params.get('underlying') ?? '').toUpperCase();
  const underlying = TRACKED_UNDERLYINGS.includes(asked) ? asked : fallback;
  return [underlying, (u) => setParams((p) => (p.set('underlying', u), p), { replace: true })];
}

export function UnderlyingPicker({ value, onChange, only }: { value: string; onChange: (u: string) => void; only?: readonly string[] }) {
  const list = only ?? TRACKED_UNDERLYINGS;
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      Underlying
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        data-testid="underlying-picker"
      >
        {list.map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </select>
    </label>
  );
}
