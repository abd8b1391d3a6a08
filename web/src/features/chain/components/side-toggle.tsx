/** Calls or puts, for a chain shown one side at a time on a phone (the US chain and the Indian one). */
export function SideToggle({
  side,
  onChange,
  labels = { call: 'Calls', put: 'Puts' },
}: {
  side: 'call' | 'put';
  onChange: (side: 'call' | 'put') => void;
  labels?: { call: string; put: string };
}) {
  return (
    <div role="group" aria-label="Side of the chain" className="inline-flex rounded-lg bg-slate-100 p-1 ring-1 ring-inset ring-slate-200">
      {(['call', 'put'] as const).map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={side === s}
          onClick={() => onChange(s)}
          className={`rounded-md px-4 py-1.5 text-sm font-semibold ${side === s ? (s === 'call' ? 'bg-brand-700 text-white shadow-sm' : 'bg-red-700 text-white shadow-sm') : 'text-slate-700'}`}
        >
          {labels[s]}
        </button>
      ))}
    </div>
  );
}
