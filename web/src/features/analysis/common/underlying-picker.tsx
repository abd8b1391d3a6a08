import { useSearchParams } from 'react-router-dom';
import { TRACKED_UNDERLYINGS, UNDERLYINGS } from '@shared/market/underlyings';
import { WatchStar } from '@web/components/watchlist/watch-star';

/** The page's underlying, kept in the URL (?underlying=SPY) so a link (a heatmap cell, a shared screen) reopens it. */
export function useUnderlyingParam(fallback = 'SPY'): [string, (t: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = (params.get('underlying') ?? '').toUpperCase();
  const ticker = UNDERLYINGS.some((u) => u.ticker === raw) ? raw : fallback;
  return [ticker, (t) => setParams((p) => (p.set('underlying', t), p), { replace: true })];
}

/** The same for the history-based pages, which analyse the tracked underlyings only. */
export function useAnalysedUnderlying(fallback = 'SPY'): [string, (u: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = (params.get('underlying') ?? '').toUpperCase();
  const underlying = TRACKED_UNDERLYINGS.includes(asked) ? asked : fallback;
  return [underlying, (u) => setParams((p) => (p.set('underlying', u), p), { replace: true })];
}

const NAMES = new Map(UNDERLYINGS.map((u) => [u.ticker, u.name]));

export function UnderlyingPicker({ value, onChange, only }: { value: string; onChange: (u: string) => void; only?: readonly string[] }) {
  const list = [...(only ?? UNDERLYINGS.map((u) => u.ticker))].sort((a, b) => a.localeCompare(b));
  return (
    // The analysis pages' underlying, with its watchlist star beside the picker.
    <span className="flex min-w-0 max-w-full items-center gap-1">
      <label className="flex min-w-0 max-w-full items-center gap-2 text-sm font-medium text-slate-800">
        Underlying
        <select
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="min-w-0 max-w-[60vw] rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
          data-testid="underlying-picker"
        >
          {list.map((u) => (
            <option key={u} value={u}>
              {NAMES.has(u) ? `${u} · ${NAMES.get(u)}` : u}
            </option>
          ))}
        </select>
      </label>
      <WatchStar symbol={value} />
    </span>
  );
}
