import { ScrollRegion } from '@web/components/ui/scroll-region';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMoney } from '@shared/format/money';
import { formatDate } from '@shared/format/time';
import { INDIA_BADGE } from '@shared/market/india/india.api';
import { nseHolidaysKnown } from '@shared/market/india/nse-calendar';
import type { IndiaUnderlyings, IndianChain, IndianQuote } from '@web/api/india';
import { QueryState } from '@web/components/query-state';
import { indiaCalculatorHref } from '@web/lib/india-calculator-link';
import { SideToggle } from './side-toggle';

const FAILURE = 'gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200';
const MINUS = '−';

const IST_TIME = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone: 'Asia/Kolkata' });

/** "10:30:05 IST": when a live chain was read, in Mumbai's clock. */
export const formatIstTime = (instant: string): string => `${IST_TIME.format(new Date(instant))} IST`;
const percent = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);
const signed = (x: number | null | undefined) => (x === null || x === undefined ? '-' : x < 0 ? `${MINUS}${Math.abs(x).toFixed(2)}` : x.toFixed(2));
const rupees = (x: number | null) => formatMoney(x, 'INR');

/**
 * When the figures are from, said plainly: the simulated market's and a closed market's chain is the end of day of
 * its session; Kite's while NSE is open is the time it was read, refreshed every 5 s.
 */
export function asOfText(chain: IndianChain): string {
  if (chain.feed.source === 'kite' && chain.feed.marketOpen)
    return `Live from Zerodha Kite: refreshed at ${formatIstTime(chain.asOf)}, every ${chain.feed.refreshSeconds} seconds while NSE is open.`;
  return `End of day: the close of ${formatDate(chain.session)} (15:30 IST).`;
}

interface Row {
  strike: number;
  call?: IndianQuote;
  put?: IndianQuote;
}

const rowsOf = (quotes: readonly IndianQuote[]): Row[] => {
  const byStrike = new Map<number, Row>();
  for (const q of quotes) {
    const row = byStrike.get(q.strike) ?? { strike: q.strike };
    if (q.type === 'CE') row.call = q;
    else row.put = q;
    byStrike.set(q.strike, row);
  }
  return [...byStrike.values()].sort((a, b) => a.strike - b.strike);
};

const SIDE_COLUMNS = ['Lot', 'Bid', 'Ask', 'Premium per lot', 'IV', 'Delta', 'Greeks'] as const;

/** The link that opens the Greeks calculator on one contract; its name (starting with the visible "Price") says which. */
const calculatorLink = (q: IndianQuote): ReactNode => (
  <Link
    to={indiaCalculatorHref({ symbol: q.underlying, expiry: q.expiry, strike: q.strike, type: q.type === 'CE' ? 'call' : 'put' })}
    aria-label={`Price ${q.underlying} ${rupees(q.strike)} ${q.type} in the Greeks calculator`}
    className="font-semibold text-brand-800 underline underline-offset-2"
  >
    Price
  </Link>
);

const cellsOf = (q: IndianQuote | undefined): ReactNode[] =>
  q
    ? [String(q.lotSize), rupees(q.bid), rupees(q.ask), rupees(q.premiumPerLot), percent(q.iv), signed(q.greeks?.delta), calculatorLink(q)]
    : SIDE_COLUMNS.map(() => '-');

interface Props {
  underlyings: UseQueryResult<IndiaUnderlyings>;
  chain: UseQueryResult<IndianChain>;
  symbol: string;
  onSymbol: (symbol: string) => void;
  onExpiry: (expiry: string) => void;
  isPhone: boolean;
}

/**
 * The view-only Indian chain below the coming-soon banner (issue 38): the underlying (NIFTY by default) and expiry,
 * in rupees with en-IN grouping, the lot size beside every contract and the premium per lot, IV and delta. No trade
 * buttons and no add-to-builder: Indian options are shown to read, and the page says so. On a phone one side shows
 * at a time, as in the US chain.
 */
export function IndiaChain({ underlyings, chain, symbol, onSymbol, onExpiry, isPhone }: Props) {
  const headingId = useId();
  const underlyingId = useId();
  const expiryId = useId();
  const [side, setSide] = useState<'call' | 'put'>('call');
  const view = chain.data;
  const rows = useMemo(() => rowsOf(view?.quotes ?? []), [view]);
  const list = underlyings.data?.underlyings ?? [];
  const atm = view && rows.length ? rows.reduce((best, r) => (Math.abs(r.strike - view.spot) < Math.abs(best.strike - view.spot) ? r : best)).strike : null;

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6" data-testid="india-chain">
      <div>
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          NSE option chain <span className="font-normal text-slate-700">(view only)</span>
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          For viewing only: Indian options cannot be traded or added to the strategy builder here. Prices are in rupees per share (per index unit for indices);
          one contract is one lot. &ldquo;Price&rdquo; opens a contract in the Indian Greeks calculator.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 max-w-full flex-col gap-1">
          <label htmlFor={underlyingId} className="text-sm font-semibold text-slate-900">
            Underlying
          </label>
          <select
            id={underlyingId}
            value={symbol}
            onChange={(e) => onSymbol(e.target.value)}
            className="w-full max-w-full truncate rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
          >
            {list.length === 0 && <option value={symbol}>{symbol}</option>}
            {list.map((u) => (
              <option key={u.symbol} value={u.symbol}>
                {u.symbol} ({u.name}, lot {u.lotSize})
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 max-w-full flex-col gap-1">
          <label htmlFor={expiryId} className="text-sm font-semibold text-slate-900">
            Expiry
          </label>
          <select
            id={expiryId}
            value={view?.expiry ?? ''}
            disabled={!view}
            onChange={(e) => onExpiry(e.target.value)}
            className="w-full max-w-full truncate rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 disabled:opacity-60"
          >
            {!view && <option value="">Loading…</option>}
            {view?.expiries.map((e) => (
              <option key={e.date} value={e.date}>
                {formatDate(e.date)} ({e.kind})
              </option>
            ))}
          </select>
        </div>
      </div>

      <QueryState query={chain} pendingLabel="Loading the NSE chain..." errorClassName={FAILURE}>
        {() =>
          view ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-800">
                <strong>{view.name}</strong> at <strong>{rupees(view.spot)}</strong> · lot size <strong>{view.lotSize}</strong> · premium per lot = premium ×{' '}
                {view.lotSize} · European exercise · RBI repo rate {(view.repoRate * 100).toFixed(2)}%
              </p>
              <p className="text-sm text-slate-700" data-testid="india-as-of">
                {asOfText(view)}
                {view.feed.badge === INDIA_BADGE.connected && view.feed.standIn && ' These prices come from the local Kite stand-in, not from Zerodha.'}
                {view.feed.badge === INDIA_BADGE.demo && ' Simulated NSE market: not real prices.'}
              </p>
              {view.feed.source === 'simulated' && !nseHolidaysKnown(Number(view.expiry.slice(0, 4))) && (
                <p className="text-sm font-medium text-amber-900">
                  NSE&apos;s {view.expiry.slice(0, 4)} holiday list is not in the simulated market yet: its {view.expiry.slice(0, 4)} expiries count weekends
                  and the fixed-date holidays (Republic Day, Maharashtra Day, Independence Day, Gandhi Jayanti, Christmas) only.
                </p>
              )}
              {isPhone && <SideToggle side={side} onChange={setSide} labels={{ call: 'Calls (CE)', put: 'Puts (PE)' }} />}
              <ScrollRegion className="rounded-xl ring-1 ring-slate-200" label={`${view.underlying} chain table, scrolls sideways`}>
                <table className="min-w-full text-right text-sm tabular-nums">
                  <caption className="sr-only">
                    {view.underlying} options expiring {formatDate(view.expiry)}, in rupees:{' '}
                    {isPhone ? (side === 'call' ? 'calls' : 'puts') : 'calls on the left of the strike, puts on the right'}. Each contract is one lot of{' '}
                    {view.lotSize}; the premium per lot is the mid premium times the lot size. View only.
                  </caption>
                  <thead className="bg-slate-50 text-xs font-semibold text-slate-700">
                    <tr>
                      {isPhone ? (
                        <>
                          <th scope="col" className="px-2 py-2 text-left">
                            Strike
                          </th>
                          {SIDE_COLUMNS.map((c) => (
                            <th key={c} scope="col" className="px-2 py-2">
                              {side === 'call' ? 'Call' : 'Put'} {c.toLowerCase()}
                            </th>
                          ))}
                        </>
                      ) : (
                        <>
                          {SIDE_COLUMNS.map((c) => (
                            <th key={`c-${c}`} scope="col" className="px-2 py-2">
                              Call {c.toLowerCase()}
                            </th>
                          ))}
                          <th scope="col" className="bg-slate-100 px-2 py-2 text-center">
                            Strike
                          </th>
                          {[...SIDE_COLUMNS].reverse().map((c) => (
                            <th key={`p-${c}`} scope="col" className="px-2 py-2">
                              Put {c.toLowerCase()}
                            </th>
                          ))}
                        </>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => {
                      const strike = (
                        <th scope="row" className={`px-2 py-1.5 font-semibold text-slate-900 ${isPhone ? 'text-left' : 'bg-slate-50 text-center'}`}>
                          {rupees(r.strike)}
                          {r.strike === atm && <span className="sr-only"> (at the money)</span>}
                        </th>
                      );
                      const call = cellsOf(r.call);
                      const put = cellsOf(r.put);
                      return (
                        <tr key={r.strike} className={`border-t border-slate-100 ${r.strike === atm ? 'bg-amber-50' : ''}`}>
                          {isPhone ? (
                            <>
                              {strike}
                              {(side === 'call' ? call : put).map((c, i) => (
                                <td key={i} className="px-2 py-1.5">
                                  {c}
                                </td>
                              ))}
                            </>
                          ) : (
                            <>
                              {call.map((c, i) => (
                                <td key={`c${i}`} className="px-2 py-1.5">
                                  {c}
                                </td>
                              ))}
                              {strike}
                              {[...put].reverse().map((c, i) => (
                                <td key={`p${i}`} className="px-2 py-1.5">
                                  {c}
                                </td>
                              ))}
                            </>
                          )}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </ScrollRegion>
            </div>
          ) : null
        }
      </QueryState>
    </section>
  );
}
