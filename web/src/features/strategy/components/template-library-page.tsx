import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchTemplates, STRATEGY_TEMPLATES, TEMPLATE_CATEGORIES, type StrategyCategory } from '@shared/strategy';
import { usePageMeta } from '@web/lib/page-meta';
import { NO_STRATEGIES } from './ready-made-panel';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { TemplateCard } from '@web/components/strategy/template-card';

const PAGES = {
  templates: { title: 'Strategy Templates', path: '/app/templates' },
  'strategy-templates': { title: 'Strategy Templates', path: '/app/templates' },
  strategies: { title: 'Strategies', path: '/app/strategies' },
} as const;

/** /app/templates, /app/strategy-templates and /app/strategies: the library of ready-made strategies. */
export default function TemplateLibraryPage({ route = 'templates' }: { route?: keyof typeof PAGES }) {
  const page = PAGES[route];
  usePageMeta({
    title: page.title,
    description: `${STRATEGY_TEMPLATES.length} ready-made options strategies, bullish, bearish, neutral and volatility, each with its risk, reward, breakevens, best conditions and a worked example, ready to open in the builder.`,
    path: page.path,
    noindex: true,
  });
  // Opened from the chain (?underlying=SPY): every template opens in the builder on that ticker.
  const [params] = useSearchParams();
  const raw = (params.get('underlying') ?? '').trim().toUpperCase();
  const underlying = /^[A-Z][A-Z.]{0,9}$/.test(raw) ? raw : null;
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<StrategyCategory>('bullish');
  const searchId = useId();
  const results = searchTemplates(query, tab);
  const counts = Object.fromEntries(TEMPLATE_CATEGORIES.map((c) => [c.type, searchTemplates(query, c.type).length])) as Record<StrategyCategory, number>;

  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{page.title}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          {STRATEGY_TEMPLATES.length} ready-made strategies with what each risks and can make, when it works, and a worked example. Open one in the builder to
          place it on a real options chain.
          {underlying && <> Each opens on {underlying}.</>}
        </p>
      </header>
      <div className="max-w-xl">
        <label htmlFor={searchId} className="block text-sm font-semibold text-slate-900">
          Search strategies
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Name or description, e.g. condor, income, earnings"
          className="mt-1 w-full rounded-lg bg-white px-3 py-2.5 text-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-600"
        />
      </div>
      <Tabs
        label="Strategy outlook"
        items={TEMPLATE_CATEGORIES.map((c) => ({
          id: c.type,
          label: (
            <>
              {c.label} <span className="ml-1 rounded-full bg-slate-200 px-1.5 text-xs tabular-nums text-slate-800">{counts[c.type]}</span>
            </>
          ),
        }))}
        selected={tab}
        onSelect={setTab}
        idPrefix="library"
      />
      <TabPanel idPrefix="library" id={tab}>
        {results.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">{NO_STRATEGIES}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
            {results.map((t) => (
              <TemplateCard key={t.id} template={t} underlying={underlying} />
            ))}
          </div>
        )}
      </TabPanel>
    </div>
  );
}
