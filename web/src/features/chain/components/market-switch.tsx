import { MARKETS, type Market } from '../lib/markets';

export function MarketSwitch({ market, onChange }: { market: Market; onChange: (market: Market) => void }) {
  return (
    <div role="group" aria-label="Market" className="inline-flex rounded-lg bg-slate-100 p-1 ring-1 ring-inset ring-slate-200">
      {(Object.keys(MARKETS) as Market[]).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={market === m}
          onClick={() => market !== m && onChange(m)}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${market === m ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
        >
          {MARKETS[m].label}
        </button>
      ))}
    </div>
  );
}
