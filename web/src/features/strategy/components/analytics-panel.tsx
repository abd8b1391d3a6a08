import { useMemo, useState } from 'react';
import { atmImpliedVol, pnlTable, positionGreeks, strategySummary, type StrategyLeg } from '@shared/strategy';
import type { ChainView } from '@web/api/market';
import { GreeksView } from './greeks-view';
import { GuidelinesView } from './guidelines-view';
import { PayoffChart } from '@web/components/strategy/payoff-chart';
import { PnlTableView } from './pnl-table-view';
import { StrategyChart } from './strategy-chart';
import { SummaryTiles } from './summary-tiles';
import { TabPanel, Tabs } from '@web/components/ui/tabs';

type Tab = 'payoff' | 'table' | 'greeks' | 'chart';
const TABS: { id: Tab; label: string }[] = [
  { id: 'payoff', label: 'Payoff Graph' },
  { id: 'table', label: 'P&L Table' },
  { id: 'greeks', label: 'Greeks' },
  { id: 'chart', label: 'Strategy Chart' },
];

export const EMPTY_STATE = 'No strategy selected - Select a ready-made strategy or build your own';

interface Props {
  legs: readonly StrategyLeg[];
  spot: number | null;
  today: string;
  /** `today` in words when it is a past day (the builder as of a backtest's entry). */
  spotDate?: string;
  multiplier: number;
  frontChain: ChainView | null;
  loading: boolean;
  /** The paper account's equity, for the guidelines in dollars; null without an account. */
  equity?: number | null;
}

/** The builder's right column (spec part 3 §2): the summary tiles and the four analysis tabs. */
export function AnalyticsPanel({ legs, spot, today, spotDate, multiplier, frontChain, loading, equity = null }: Props) {
  const [tab, setTab] = useState<Tab>('payoff');
  const firstExpiry = legs.map((l) => l.expiration).sort()[0];
  const iv = useMemo(() => (frontChain && spot !== null ? atmImpliedVol(frontChain.contracts, spot, firstExpiry) : null), [frontChain, spot, firstExpiry]);
  const figures = useMemo(() => {
    if (legs.length === 0 || spot === null || loading) return null;
    const market = { spot, asOf: today, multiplier, ...(iv ? { iv } : {}) };
    return { summary: strategySummary(legs, market), table: pnlTable(legs, market), greeks: positionGreeks(legs, market) };
  }, [legs, spot, today, multiplier, iv, loading]);

  return (
    <section aria-labelledby="analysis-h" className="@container rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="analysis-h" className="text-lg font-bold text-slate-900">
        Analysis
      </h2>
      {!figures || spot === null ? (
        <div className="mt-3 rounded-xl border-2 border-dashed border-slate-200 p-8 text-center">
          {loading ? (
            <p role="status" className="text-slate-700">
              Loading prices...
            </p>
          ) : (
            <p className="font-medium text-slate-700">{EMPTY_STATE}</p>
          )}
        </div>
      ) : (
        <div className="mt-3 space-y-4">
          <SummaryTiles summary={figures.summary} />
          <Tabs label="Analysis views" items={TABS} selected={tab} onSelect={setTab} idPrefix="analysis" layout="grid" />
          <TabPanel idPrefix="analysis" id={tab}>
            {tab === 'payoff' && <PayoffChart legs={legs} spot={spot} today={today} spotDate={spotDate} multiplier={multiplier} iv={iv} />}
            {tab === 'table' && <PnlTableView table={figures.table} spot={spot} today={today} />}
            {tab === 'greeks' && <GreeksView greeks={figures.greeks} />}
            {tab === 'chart' && <StrategyChart legs={legs} spot={spot} />}
          </TabPanel>
          <GuidelinesView summary={figures.summary} equity={equity} />
        </div>
      )}
    </section>
  );
}
