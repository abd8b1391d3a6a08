import { Link } from 'react-router-dom';
import { lazy, Suspense, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { QueryState } from '@web/components/query-state';
import { ChartBoundary } from '@web/components/charts/chart-fallback';
import { loadWithRetry } from '@web/lib/load-with-retry';
import { usePageMeta } from '@web/lib/page-meta';
import { useChain, useExpiries, useMarketStatus, useTickers } from '@web/api/market';
import { useIndiaUnderlyings, useIndianChain } from '@web/api/india';
import { INDIA_BADGE } from '@shared/market/india/india.api';
import { useChainParams } from '../hooks/use-chain-params';
import { useMarketSync } from '../hooks/use-market-sync';
import { PHONE_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { useStoredState } from '../hooks/use-stored-state';
import { defaultStrikeWindow, filterRows, maxVolume, sortRows, toRows, type SortKey, type SortOrder } from '../lib/chain-rows';
import { filterByTab, resolveExpiry, type ExpiryTab } from '../lib/expiries';
import { formatDate, formatNewYorkTime } from '@shared/format/time';
import { formatAge, formatDaysToExpiry, type Greek } from '../lib/format';
import { GREEKS } from '../lib/columns';
import { MARKETS } from '../lib/markets';
import { ChainControls, type ControlValues } from './chain-controls';
import { ChainTable } from './chain-table';
import { atTheMoneyStrike } from '@shared/market/strikes';
import { DataSourceBar } from './data-source-bar';
import { DemoNotice } from './demo-notice';
import { ExpiryFilter } from './expiry-filter';
import { IndiaChain } from './india-chain';
import { SideToggle } from './side-toggle';
import { IndiaComingSoon } from './india-coming-soon';
import { MarketSwitch } from './market-switch';
import { PublicHeader } from './public-header';
import { TickerSelector } from './ticker-selector';
import { UnderlyingBanner } from './underlying-banner';

// The chart (its figures and lightweight-charts) loads when it is first shown, not with the chain.
const PriceChart = lazy(() => loadWithRetry(() => import('@web/components/charts/price-chart').then((m) => ({ default: m.PriceChart }))));

/** A failed read's box on this page: the message and its retry on one line. */
const FAILURE = 'gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200';
const DEFAULT_CONTROLS = { minVolume: '0', sortKey: 'strike' as SortKey, order: 'asc' as SortOrder };
const GREEKS_KEY = 'options-academy.chain.greeks';
const NOTICE_KEY = 'options-academy.chain.demo-notice-dismissed';

const isGreekList = (v: unknown): v is Greek[] => Array.isArray(v) && v.every((g) => (GREEKS as readonly unknown[]).includes(g));
const isTrue = (v: unknown): v is boolean => v === true;

/** A typed number, or null for an empty or unreadable field. */
const parseNumber = (text: string): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** The options chain viewer (spec part 2 §2, §4, §9). Rendered at /optionschain (public) and inside the app shell. */
export default function ChainPage({ inShell }: { inShell: boolean }) {
  const { market, ticker, expiry: requestedExpiry, selectMarket, selectTicker, selectExpiry } = useChainParams();
  const us = market === 'US';
  const currency = MARKETS[market].currency;
  const isPhone = useMediaQuery(PHONE_QUERY);

  const status = useMarketStatus();
  const tickers = useTickers(us);
  const expiries = useExpiries(ticker, us);
  const expiryList = useMemo(() => expiries.data?.expiries ?? [], [expiries.data]);
  const expiry = us && expiries.data ? resolveExpiry(expiryList, requestedExpiry) : null;
  const chain = useChain(ticker, expiry);
  // Indian mode: the view-only NSE chain, read only while the page is in it (switching back stops its refresh).
  const indiaUnderlyings = useIndiaUnderlyings(!us);
  const indiaChain = useIndianChain(ticker, us ? null : requestedExpiry, !us);
  const indiaFeed = indiaChain.data?.feed ?? indiaUnderlyings.data?.feed;
  const sync = useMarketSync();

  const [tabState, setTabState] = useState<{ ticker: string; tab: ExpiryTab }>({ ticker, tab: 'All' });
  const tab = tabState.ticker === ticker ? tabState.tab : 'All';
  const [controls, setControls] = useState(DEFAULT_CONTROLS);
  const [rangeState, setRangeState] = useState<{ key: string; from: string; to: string } | null>(null);
  const [phoneSide, setPhoneSide] = useState<'call' | 'put'>('call');
  const [greekList, setGreekList] = useStoredState<Greek[]>('local', GREEKS_KEY, ['delta'], isGreekList);
  const greeks = useMemo(() => new Set(greekList), [greekList]);
  const [noticeDismissed, setNoticeDismissed] = useStoredState('session', NOTICE_KEY, false, isTrue);

  const view = us ? chain.data : undefined;
  const rows = useMemo(() => (view ? toRows(view.contracts) : []), [view]);
  // The strike range defaults anew for each ticker and expiry (spec part 2 §4).
  const chainKey = view ? `${view.underlying.ticker}|${view.expiration_date}` : '';
  const defaults = useMemo(
    () =>
      view
        ? defaultStrikeWindow(
            rows.map((r) => r.strike),
            view.underlying.price,
          )
        : null,
    [view, rows],
  );
  const range =
    rangeState && rangeState.key === chainKey
      ? rangeState
      : { key: chainKey, from: defaults ? String(defaults.from) : '', to: defaults ? String(defaults.to) : '' };
  const side = isPhone ? phoneSide : 'both';
  const minVolume = Math.max(0, parseNumber(controls.minVolume) ?? 0);
  const from = parseNumber(range.from);
  const to = parseNumber(range.to);
  const visible = useMemo(
    () => sortRows(filterRows(rows, { minVolume, from, to }, side), controls.sortKey, controls.order, side),
    [rows, minVolume, from, to, side, controls.sortKey, controls.order],
  );

  const tickerInfo = tickers.data?.tickers.find((t) => t.ticker === ticker);
  const marketStatus = status.data;
  const dataSource = view?.source ?? expiries.data?.source;
  const live = us && marketStatus?.source === 'live' && dataSource !== 'demo';
  // In Indian mode the chain is Zerodha's only while its feed is connected; otherwise the simulated NSE market's.
  const demoInUse = us ? !live && (!!marketStatus || status.isError) : indiaFeed?.badge !== INDIA_BADGE.connected;
  const liveShown = us ? live : indiaFeed?.badge === INDIA_BADGE.connected;
  // The spec names the page "Live Options Chain": it says "Live" only while a provider serves live prices; on the
  // simulated market it is the "Options Chain (Simulated)"; until the market's status is known, the "Options Chain".
  // The heading's words are the same before and after a simulated market's status arrives, so the page's largest text
  // is painted once, with the page, not again with the answer.
  const pageTitle = liveShown ? 'Live Options Chain' : demoInUse ? 'Options Chain (Simulated)' : 'Options Chain';
  usePageMeta({
    title: pageTitle,
    description:
      'Free options chains with bid, ask, volume, open interest, implied volatility and Greeks for SPY, QQQ, AAPL and more, with expiry filters. No sign-in needed.',
    path: inShell ? '/app/optionschain' : '/optionschain',
    noindex: inShell,
  });
  const canSync = us && marketStatus?.configured === true;
  const syncHint = !us
    ? indiaFeed?.badge === INDIA_BADGE.connected
      ? 'The Indian chain refreshes by itself every few seconds while NSE is open.'
      : 'Zerodha is not configured, so there is nothing to sync.'
    : marketStatus && !marketStatus.configured
      ? 'Sync Data pulls live prices, and none are connected.'
      : null;
  // A configured provider that could not supply this chain: the simulated market fills in.
  const fallback = marketStatus?.configured === true;

  const onTab = (next: ExpiryTab) => {
    setTabState({ ticker, tab: next });
    const inTab = filterByTab(expiryList, next);
    const first = inTab[0];
    if (first && !inTab.some((e) => e.expiration_date === expiry)) selectExpiry(first.expiration_date);
  };
  const values: ControlValues = { ...controls, from: range.from, to: range.to };
  const onControls = (patch: Partial<ControlValues>) => {
    const { from: f, to: t, ...rest } = patch;
    if (f !== undefined || t !== undefined) setRangeState({ key: chainKey, from: f ?? range.from, to: t ?? range.to });
    if (Object.keys(rest).length) setControls((c) => ({ ...c, ...rest }));
  };
  const onReset = () => {
    setControls(DEFAULT_CONTROLS);
    setRangeState(null);
  };
  const toggleGreek = (g: Greek) => setGreekList(GREEKS.filter((x) => (x === g ? !greeks.has(x) : greeks.has(x))));

  const chainShown = us && expiries.isSuccess && expiryList.length > 0;
  const content = (
    <div className="space-y-3">
      {chainShown && <SkipToChain />}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 sm:flex-1">
          <h1 aria-label={demoInUse ? pageTitle : undefined} className="flex flex-wrap items-center gap-x-2 text-2xl font-bold tracking-tight text-slate-900">
            {liveShown ? 'Live Options Chain' : 'Options Chain'}
            {demoInUse && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold tracking-normal text-amber-950 ring-1 ring-inset ring-amber-300">
                Simulated
              </span>
            )}
          </h1>
          <p className="mt-1 text-sm text-slate-700">
            Every strike&apos;s bid, ask, volume, open interest, implied volatility and Greeks. Click a bid to sell or an ask to buy, with virtual money.
          </p>
        </div>
        <MarketSwitch market={market} onChange={selectMarket} />
      </div>

      {/* Where the prices come from, on one line: the badge, Sync Data, and the simulated-prices notice folded to its heading. */}
      <DataSourceBar
        live={us ? live : indiaFeed?.badge === INDIA_BADGE.connected}
        label={us ? undefined : (indiaFeed?.badge ?? INDIA_BADGE.demo)}
        canSync={canSync}
        syncHint={syncHint}
        syncing={sync.syncing}
        onSync={() => void sync.sync(ticker)}
        lastSync={us ? (marketStatus?.lastSync ?? null) : null}
        notice={sync.notice}
        onDismissNotice={sync.dismissNotice}
      >
        {us && demoInUse && !noticeDismissed && <DemoNotice fallback={fallback} onDismiss={() => setNoticeDismissed(true)} />}
      </DataSourceBar>

      {!us ? (
        <>
          <IndiaComingSoon />
          <IndiaChain underlyings={indiaUnderlyings} chain={indiaChain} symbol={ticker} onSymbol={selectTicker} onExpiry={selectExpiry} isPhone={isPhone} />
        </>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-stretch">
            <TickerSelector
              tickers={tickers.data?.tickers}
              loading={tickers.isPending}
              error={tickers.isError ? tickers.error.message : null}
              selected={ticker}
              currency={currency}
              onSelect={selectTicker}
            />
            <UnderlyingBanner
              ticker={ticker}
              name={tickerInfo?.name ?? null}
              sector={tickerInfo?.sector ?? null}
              price={view?.underlying.price ?? tickerInfo?.current_price ?? null}
              asOf={view?.underlying.asOf ?? tickerInfo?.last_update ?? null}
              currency={currency}
              watch={inShell}
            />
          </div>

          <QueryState query={expiries} pendingLabel="Loading expiries..." errorClassName={FAILURE}>
            {() => <ExpiryFilter expiries={expiryList} tab={tab} onTab={onTab} selected={expiry} onSelect={selectExpiry} />}
          </QueryState>

          {chainShown && (
            <>
              <ChainControls values={values} onChange={onControls} greeks={greeks} onToggleGreek={toggleGreek} onReset={onReset} compact={isPhone} />
              <section aria-labelledby="chain-heading" className="space-y-2">
                <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
                  <div>
                    <div className="flex flex-wrap items-baseline gap-x-4">
                      <h2 id="chain-heading" tabIndex={-1} className="scroll-mt-20 text-lg font-bold text-slate-900 focus:outline-none">
                        {ticker} {expiry ? formatDate(expiry) : ''}
                      </h2>
                      {/* From reading the chain to a ready-made strategy on it (issue 24): the library opens each template on this ticker. */}
                      <Link
                        to={`/app/templates?underlying=${encodeURIComponent(ticker)}`}
                        className="text-sm font-semibold text-brand-800 underline hover:text-brand-900"
                      >
                        Build a strategy on {ticker}
                      </Link>
                    </div>
                    {view && (
                      <p className="text-sm text-slate-700">
                        {view.expiry_type} · {formatDaysToExpiry(view.days_to_expiry)} to expiry · showing {visible.length} of {rows.length} strikes
                      </p>
                    )}
                  </div>
                  {view && (
                    <p className="text-sm text-slate-700" data-testid="quotes-as-of">
                      Quotes as of <time dateTime={view.underlying.asOf}>{formatNewYorkTime(view.underlying.asOf)}</time> (
                      {formatAge(view.underlying.asOf, new Date())})
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  {isPhone && <SideToggle side={phoneSide} onChange={setPhoneSide} />}
                  <Legend />
                </div>
                <QueryState
                  query={chain}
                  pendingLabel="Loading the chain..."
                  errorClassName={FAILURE}
                  isEmpty={() => visible.length === 0}
                  empty={
                    <div className="rounded-xl bg-white px-4 py-8 text-center text-sm text-slate-700 ring-1 ring-slate-200">
                      <p>No strikes match these filters.</p>
                      <button type="button" onClick={onReset} className="mt-2 font-semibold text-brand-800 hover:underline">
                        Reset filters
                      </button>
                    </div>
                  }
                >
                  {() =>
                    view ? (
                      <div className={chain.isPlaceholderData ? 'opacity-60 transition-opacity' : ''} aria-busy={chain.isPlaceholderData}>
                        <ChainTable
                          rows={visible}
                          price={view.underlying.price}
                          atmStrike={atTheMoneyStrike(
                            rows.map((r) => r.strike),
                            view.underlying.price,
                          )}
                          currency={currency}
                          greeks={greeks}
                          side={side}
                          maxVolume={maxVolume(visible, side)}
                          watch={inShell}
                        />
                      </div>
                    ) : null
                  }
                </QueryState>
              </section>
              <ChartDisclosure ticker={ticker} expiry={expiry} isPhone={isPhone} inShell={inShell} />
            </>
          )}
        </>
      )}
    </div>
  );

  if (inShell) return content;
  return (
    <div className="min-h-screen">
      <PublicHeader />
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        {content}
      </main>
    </div>
  );
}

/**
 * The underlying's price chart below the chain (issue 37): open on a desktop, folded on a phone until the learner opens it
 * (its drawing code loads only then). The cone follows the chain's selected expiry. It sits below the table, which keeps
 * the chain's first rows within a desktop's first screen.
 */
function ChartDisclosure({ ticker, expiry, isPhone, inShell }: { ticker: string; expiry: string | null; isPhone: boolean; inShell: boolean }) {
  const [asked, setAsked] = useState<boolean | null>(null);
  const open = asked ?? !isPhone;
  return (
    <details
      open={open}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now !== open) setAsked(now);
      }}
      className="rounded-xl bg-white ring-1 ring-slate-200"
      data-testid="chain-chart"
    >
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-semibold text-slate-900">
        {ticker} price chart <span className="font-normal text-slate-700">(end of day)</span>
      </summary>
      {open && (
        <div className="space-y-2 px-3 pb-3 sm:px-4">
          <ChartBoundary>
            <Suspense fallback={<p className="text-sm text-slate-700">Loading the price chart…</p>}>
              <PriceChart ticker={ticker} expiration={expiry} height={isPhone ? 260 : 320} table={false} />
            </Suspense>
          </ChartBoundary>
          {inShell && (
            <Link to={`/app/charts/${encodeURIComponent(ticker)}`} className="text-sm font-semibold text-brand-800 underline hover:text-brand-900">
              Open the {ticker} chart on its own page
            </Link>
          )}
        </div>
      )}
    </details>
  );
}

/** Past the market switch, the ticker, the expiries and the filters, straight to the table (a keyboard's shortcut). */
function SkipToChain() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById('chain-heading');
    if (!heading) return;
    e.preventDefault();
    heading.focus();
    heading.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a
      href="#chain-heading"
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-900 focus:shadow-lg"
    >
      Skip to the chain table
    </a>
  );
}

function Legend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      <LegendItem swatch="bg-sky-100 ring-1 ring-sky-200">In the money</LegendItem>
      <LegendItem swatch="bg-amber-300">At the money (the strike nearest the price)</LegendItem>
      <LegendItem swatch="bg-amber-50 ring-1 ring-amber-200">Near the money (strike within 2% of the price)</LegendItem>
    </ul>
  );
}

function LegendItem({ swatch, children }: { swatch: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      <span aria-hidden className={`inline-block h-3 w-3 rounded-sm ${swatch}`} />
      {children}
    </li>
  );
}
