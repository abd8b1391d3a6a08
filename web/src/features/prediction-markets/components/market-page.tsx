import { Link, useParams } from 'react-router-dom';
import { formatExpiry, formatNewYorkTime } from '@shared/format/time';
import { formatCount } from '@shared/format/number';
import { useDemoAccount } from '@web/api/prediction-account';
import { usePredictionMarket, type MarketDetail } from '@web/api/prediction-markets';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { formatCents, formatChance, formatChangeCents, formatPriceDollars } from '../lib/format';
import { resolutionInWords } from './account-panel';
import { DemoBadge, DemoNotice } from './demo-label';
import { LadderView } from './ladder-view';
import { OrderBook } from './order-book';
import { OrderTicket, type Holding } from './order-ticket';
import { TeachingPanel } from './teaching-panel';

/**
 * /app/prediction-markets/:marketId (issue 36): one market, or a ladder by its id. A market shows its question, close
 * time, rule and source; the book; the ticket with its payoff box and fee; the teaching panel. A ladder shows its
 * buckets and the histogram of the implied distribution.
 */
export default function MarketPage() {
  const marketId = useParams().marketId ?? '';
  const detail = usePredictionMarket(marketId);
  const d = detail.data;
  usePageMeta({
    title: d ? `${d.ladder && d.ladder.id === marketId ? d.ladder.question : d.market.question} (demo)` : 'Prediction market (demo)',
    description: 'A demo yes/no contract on a close, its book, and what the option chain says it is worth.',
    path: `/app/prediction-markets/${encodeURIComponent(marketId)}`,
    noindex: true,
  });
  return (
    <div className="space-y-6">
      <Link to="/app/prediction-markets" className="text-sm font-semibold text-brand-800 hover:underline">
        ← All prediction markets
      </Link>
      {!d && (
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
          Prediction market <DemoBadge />
        </h1>
      )}
      <QueryState query={detail} pendingLabel="Loading the market…">
        {(loaded) => <MarketView detail={loaded} marketId={marketId} />}
      </QueryState>
    </div>
  );
}

export function MarketView({ detail, marketId }: { detail: MarketDetail; marketId: string }) {
  const account = useDemoAccount();
  const { market, ladder } = detail;
  const isLadder = ladder !== null && ladder.id === marketId && market.id !== marketId;
  if (isLadder) {
    return (
      <>
        <header className="space-y-2">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
            {ladder.question} <DemoBadge />
          </h1>
          <DemoNotice>Open a bucket to trade it.</DemoNotice>
        </header>
        <LadderView ladderId={ladder.id} question="" bars={ladder.bars} />
        <Rules
          detail={detail}
          rule={`Exactly one bucket resolves YES: the one that holds ${market.underlying}'s official close on ${formatExpiry(market.expiration)}. A close exactly on a boundary belongs to the bucket that starts there.`}
        />
      </>
    );
  }
  const positions = account.data?.positions.filter((p) => p.marketId === market.id) ?? [];
  const holding: Holding = {
    yes: positions.find((p) => p.side === 'yes')?.count ?? 0,
    no: positions.find((p) => p.side === 'no')?.count ?? 0,
  };
  return (
    <>
      <header className="space-y-2">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
          {market.question} <DemoBadge />
        </h1>
        <DemoNotice>
          {account.data && (
            <>
              Demo balance: <span className="font-semibold tabular-nums">{formatCents(account.data.balance)}</span>.
            </>
          )}
        </DemoNotice>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div>
            <dt className="inline">YES </dt>
            <dd className="inline font-semibold text-slate-900">
              {formatChance(market.yesPrice)} ({formatPriceDollars(market.yesPrice)})
            </dd>
          </div>
          <div>
            <dt className="inline">NO </dt>
            <dd className="inline font-semibold text-slate-900">{formatPriceDollars(100 - market.yesPrice)}</dd>
          </div>
          <div>
            <dt className="inline">Change </dt>
            <dd className="inline">{formatChangeCents(market.change)}</dd>
          </div>
          <div>
            <dt className="inline">Volume </dt>
            <dd className="inline">{formatCount(market.volume)}</dd>
          </div>
          <div>
            <dt className="inline">Trading closes </dt>
            <dd className="inline">{formatNewYorkTime(market.closesAt)}</dd>
          </div>
          <div>
            <dt className="sr-only">Status</dt>
            <dd className="inline font-medium text-slate-900">{resolutionInWords(market.resolution)}</dd>
          </div>
        </dl>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <OrderTicket detail={detail} holding={holding} balance={account.data?.balance ?? null} />
          <OrderBook book={detail.book} quote={market.quote} />
          <Rules detail={detail} />
        </div>
        <TeachingPanel detail={detail} />
      </div>
      {ladder && <LadderView ladderId={ladder.id} question={ladder.question} bars={ladder.bars} current={market.id} />}
    </>
  );
}

function Rules({ detail, rule }: { detail: MarketDetail; rule?: string }) {
  const { market } = detail;
  return (
    <section aria-labelledby="rules-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="rules-h" className="text-lg font-semibold text-slate-900">
        Rules and source
      </h2>
      <dl className="mt-2 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-900">How it resolves</dt>
          <dd className="text-slate-700">{rule ?? market.rule}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Source</dt>
          <dd className="text-slate-700">
            {market.source} Prices made from the chain of {formatNewYorkTime(market.asOf)}.
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Trading closes</dt>
          <dd className="text-slate-700">{formatNewYorkTime(market.closesAt)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">If the close never arrives</dt>
          <dd className="text-slate-700">The market is void after {formatNewYorkTime(market.voidsAt)} and what you paid is refunded.</dd>
        </div>
      </dl>
    </section>
  );
}
