import { useId, useState } from 'react';
import { searchTemplates, TEMPLATE_CATEGORIES, type StrategyCategory } from '@shared/strategy';
import { ComplexityBadge } from '@web/components/strategy/complexity-badge';
import { TabPanel, Tabs } from '@web/components/ui/tabs';

export const NO_STRATEGIES = 'No strategies found';

/** The Ready-made panel (spec part 3 §2): search by name or description, four tabs, cards with complexity. */
export function ReadyMadePanel({ onChoose }: { onChoose: (id: string) => void }) {
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<StrategyCategory>('bullish');
  const searchId = useId();
  const results = searchTemplates(query, tab);
  return (
    <section aria-labelledby="ready-made-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="ready-made-h" className="text-lg font-bold text-slate-900">
        Ready-made
      </h2>
      <p className="mt-1 text-sm text-slate-700">Pick a strategy to place its legs on the chain, then adjust them.</p>
      <label htmlFor={searchId} className="sr-only">
        Search strategies
      </label>
      <input
        id={searchId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Search strategies by name or description"
        className="mt-3 w-full rounded-lg px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-600"
      />
      <div className="mt-3">
        <Tabs
          label="Strategy outlook"
          items={TEMPLATE_CATEGORIES.map((c) => ({ id: c.type, label: c.label }))}
          selected={tab}
          onSelect={setTab}
          idPrefix="ready-made"
          size="sm"
        />
      </div>
      <TabPanel idPrefix="ready-made" id={tab} className="mt-3 max-h-96 overflow-y-auto">
        {results.length === 0 ? (
          <p className="px-1 py-6 text-center text-sm text-slate-700">{NO_STRATEGIES}</p>
        ) : (
          <ul className="space-y-2" aria-label="Strategies">
            {results.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onChoose(t.id)}
                  className="w-full rounded-xl p-3 text-left ring-1 ring-slate-200 hover:bg-brand-50 hover:ring-brand-600"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-semibold text-slate-900">{t.name}</span>
                    <ComplexityBadge complexity={t.complexity} />
                  </span>
                  <span className="mt-1 line-clamp-2 block text-xs text-slate-700">{t.description}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
    </section>
  );
}
