import { useSearchParams } from 'react-router-dom';
import { useDemoAccount } from '@web/api/prediction-account';
import { usePredictionCalibration, usePredictionMarkets } from '@web/api/prediction-markets';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { AccountTables, BalanceSummary } from './account-panel';
import { CalibrationChart } from './calibration-chart';
import { DemoBadge, DemoNotice } from './demo-label';
import { MarketsList } from './markets-list';

/**
 * /app/prediction-markets (issue 36): yes/no contracts on the closes of the tracked underlyings, priced from their
 * option chains and traded with play money. The demo balance first, then the markets, one underlying at a time (a tab
 * each, kept in the address as `?underlying=`) grouped by expiry, the learner's positions, orders and settlements, and
 * the calibration over every settled market.
 */
export default function PredictionMarketsPage() {
  usePageMeta({
    title: 'Prediction Markets (demo)',
    description: 'Demo yes/no contracts on where the tracked underlyings close, priced from their option chains.',
    path: '/app/prediction-markets',
    noindex: true,
  });
  const account = useDemoAccount();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('underlying')?.toUpperCase() ?? null;
  const markets = usePredictionMarkets(asked);
  const choose = (underlying: string) => setSearch({ underlying }, { replace: true });
  const calibration = usePredictionCalibration();

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
          Prediction Markets <DemoBadge />
        </h1>
        <DemoNotice>No deposits: start with $1,000 and reset whenever you like.</DemoNotice>
        <p className="max-w-3xl text-sm text-slate-700">
          Will SPY close above 600 on the expiry date? A contract that pays $1.00 if it does is a digital option, and the option chain already prices it. Trade
          YES or NO here, then open a market to see what the chain says it is worth and why.
        </p>
      </header>

      <QueryState query={account} pendingLabel="Loading your demo balance…">
        {(a) => <BalanceSummary account={a} />}
      </QueryState>

      <QueryState query={markets} pendingLabel="Loading the markets…">
        {(list) => <MarketsList list={list} chosen={asked} onChoose={choose} loading={markets.isPlaceholderData} />}
      </QueryState>

      {account.data && <AccountTables account={account.data} />}

      <QueryState query={calibration} pendingLabel="Loading the calibration…">
        {(c) => <CalibrationChart calibration={c} />}
      </QueryState>
    </div>
  );
}
