import { Link } from 'react-router-dom';
import { LiveTradingCard } from '@web/components/brokers/live-trading-card';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { useTickers } from '@web/api/market';
import { environmentOfAccount } from '@shared/broker/account-id';
import { usePortfolio } from '@web/api/paper-account';
import { useCompetitionAccount } from '@web/api/competition-account';
import { useSelectedAccount } from '@web/api/selected-account';
import { competitionSeasonOf, useAccountParam } from '../hooks/use-account-param';
import { useBuilderParams } from '../hooks/use-builder-params';
import { useStrategyBuilder } from '../hooks/use-strategy-builder';
import { competitionPortfolio } from '../lib/competition-portfolio';
import { AccountStrip } from './account-strip';
import { AsOfBanner } from './as-of-banner';
import { DraftsPanel } from './drafts-panel';
import { StrategyBuilder } from './strategy-builder';
import { UnderlyingSelect } from './underlying-select';

/** /app/trading (spec part 3 §2): the educational banner, the underlying selector, then the strategy builder. */
export default function TradingPage() {
  usePageMeta({
    title: 'Trading',
    description:
      'Build an options strategy leg by leg or from a ready-made template, study its payoff, P&L and Greeks, and trade it on paper with virtual money.',
    path: '/app/trading',
    noindex: true,
  });
  const params = useBuilderParams();
  const builder = useStrategyBuilder(params);
  const tickers = useTickers();
  const portfolio = usePortfolio();
  const { underlying, template, templateId } = params;
  // Where Trade All places: the paper account, or the Alpaca account chosen in the account selector (issue 21).
  const { selected } = useSelectedAccount();
  const broker = environmentOfAccount(selected?.id);
  // Arriving from a competition's "Trade in the builder" (?account=competition-<seasonId>) chooses that account.
  useAccountParam();
  const competitionSeason = competitionSeasonOf(selected?.id);
  // A competition account is the builder's account while it is chosen: its funds, fills and positions.
  const competition = useCompetitionAccount(competitionSeason ?? '', competitionSeason !== null);
  const account = competitionSeason
    ? {
        data: competition.data ? competitionPortfolio(competition.data) : competition.data === null ? null : undefined,
        isPending: competition.isPending,
        error: competition.isError ? competition.error.message : null,
      }
    : { data: portfolio.data, isPending: portfolio.isPending, error: portfolio.isError ? portfolio.error.message : null };

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Trading</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Build a strategy from the options chain, see what it can make or lose before you trade, then place it as one{' '}
          {broker || competitionSeason ? `order on your ${selected!.name} account` : 'paper order'}.
        </p>
      </header>

      <aside aria-label="Educational use only" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
        <p>
          <span className="font-bold">Educational use only.</span>{' '}
          {broker === 'live'
            ? 'Trades here go to your Alpaca live account and use real money.'
            : broker === 'paper'
              ? 'Trades here go to your Alpaca paper account, with its virtual money.'
              : competitionSeason
                ? 'Trades here go to your competition account, with its virtual money; only defined-risk positions are allowed.'
                : 'Trades here are simulated with virtual money in your paper account.'}{' '}
          Nothing on this page is investment advice, and the figures are estimates from end-of-day quotes.
        </p>
        {competitionSeason && (
          <p className="mt-2">
            <Link to={`/app/competitions/${encodeURIComponent(competitionSeason)}`} className="font-semibold underline">
              Your competition account, its trades and their plans
            </Link>
          </p>
        )}
      </aside>

      {templateId && !template && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          There is no ready-made strategy called “{templateId}”.{' '}
          <Link to="/app/templates" className="font-semibold underline">
            Browse the strategy templates
          </Link>
        </p>
      )}

      <UnderlyingSelect
        tickers={tickers.data?.tickers ?? []}
        loading={tickers.isPending}
        error={tickers.isError ? tickers.error.message : null}
        value={underlying}
        price={builder.spot}
        asOf={builder.asOf}
        onChange={builder.chooseUnderlying}
      />

      {!underlying ? (
        <>
          <GetStarted templateName={template?.name ?? null} />
          <DraftsPanel onOpen={builder.openDraft} />
        </>
      ) : (
        <>
          {/* A past day is for study: no account to open or fund there (orders are off), the day's banner first. */}
          {builder.asOfDay ? (
            <AsOfBanner asOf={builder.asOfDay} underlying={underlying} legs={builder.strategyLegs} />
          ) : (
            <AccountStrip
              portfolio={account.data}
              loading={account.isPending}
              error={account.error}
              template={template}
              competition={competitionSeason !== null}
            />
          )}
          {builder.chainSource === 'demo' && !builder.asOfDay && <p className="text-xs text-slate-600">Demo data: prices come from the simulated market.</p>}
          <QueryState
            query={builder.expiries}
            pendingLabel={`Loading the ${underlying} options chain...`}
            errorClassName={FAILURE}
            isEmpty={() => builder.soonest.length === 0}
            empty={
              <p className="rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
                No expirations are listed for {underlying} {builder.asOfDay ? 'on that day' : 'right now'}.
              </p>
            }
          >
            {() => (
              <>
                {builder.chains.error && <Failure message={builder.chains.error} />}
                <StrategyBuilder key={underlying} builder={builder} underlying={underlying} portfolio={account.data} />
              </>
            )}
          </QueryState>
        </>
      )}

      {/* Connecting an Alpaca account is done once: its card sits below the work, never between the learner and the legs. */}
      <LiveTradingCard />
    </div>
  );
}

function GetStarted({ templateName }: { templateName: string | null }) {
  return (
    <section aria-labelledby="get-started-h" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="get-started-h" className="text-lg font-bold text-slate-900">
        Get Started
      </h2>
      {templateName ? (
        <p className="mt-1 text-slate-700">
          Choose a stock or ETF above to place the <span className="font-semibold">{templateName}</span> on its options chain.
        </p>
      ) : (
        <p className="mt-1 text-slate-700">Choose a stock or ETF above to load its options chain and open the strategy builder.</p>
      )}
      <ol className="mt-4 grid gap-3 text-sm text-slate-800 sm:grid-cols-3">
        <li className="rounded-xl bg-slate-50 p-3">
          <span className="font-semibold">1. Pick an underlying.</span> Its chain loads with the current price.
        </li>
        <li className="rounded-xl bg-slate-50 p-3">
          <span className="font-semibold">2. Build the legs.</span> Start from a ready-made strategy or add legs one by one.
        </li>
        <li className="rounded-xl bg-slate-50 p-3">
          <span className="font-semibold">3. Study, then trade.</span> Read the payoff, P&amp;L table and Greeks, then Trade All on paper.
        </li>
      </ol>
      <p className="mt-4 text-sm">
        <Link to="/app/templates" className="font-semibold text-brand-800 underline">
          Browse all strategy templates
        </Link>
      </p>
    </section>
  );
}

const FAILURE = 'rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200';

/** A failure that is not one read's (the chains behind the builder, read together): its message alone. */
function Failure({ message }: { message: string }) {
  return (
    <div role="alert" className={FAILURE}>
      <p>{message}</p>
    </div>
  );
}
