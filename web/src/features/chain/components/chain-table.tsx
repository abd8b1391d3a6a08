import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { OptionContract } from '@shared/market/chain';
import { isAtTheMoney, isInTheMoney, type ChainRow } from '../lib/chain-rows';
import { chainModel, STRIKE_HELP, visibleColumns, type ColumnDef } from '../lib/columns';
import { formatMoney, type Currency } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import { formatCompact, formatGreek, formatIv, formatStrike, type Greek } from '../lib/format';
import { tradeHref } from '../lib/trade-link';
import { WatchStar } from '@web/components/watchlist/watch-star';
import { ColumnHeader } from './column-header';

interface Props {
  rows: readonly ChainRow[];
  price: number;
  /** The listed strike nearest the price, from the whole chain (not only the rows shown); null for none. */
  atmStrike: number | null;
  currency: Currency;
  greeks: ReadonlySet<Greek>;
  /** 'both' is the mirrored desktop table; a phone shows one side. */
  side: 'both' | 'call' | 'put';
  maxVolume: number;
  /** Each contract gets a watchlist star (signed in only: the public chain has no watchlist). */
  watch?: boolean;
}

/** Estimated row height in px (h-9); windowed rows are measured as they render. */
const ROW_HEIGHT = 36;
/** Up to this many rows render in full; longer chains render only what is on screen (plus a margin). */
export const VIRTUALIZE_FROM = 80;

const cellBase = 'h-9 whitespace-nowrap px-1.5 text-right tabular-nums';

/** The chain: calls left, strike centre, puts mirrored right (spec part 2 §2); or strike then one side. */
export function ChainTable({ rows, price, atmStrike, currency, greeks, side, maxVolume, watch = false }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = visibleColumns(greeks);
  const windowed = rows.length > VIRTUALIZE_FROM;
  // The React Compiler cannot memoise around useVirtualizer's changing functions; nothing here relies on memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: windowed,
  });
  const items = windowed ? virtualizer.getVirtualItems() : null;
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const shown = items ? items.map((i) => ({ row: rows[i.index]!, index: i.index })) : rows.map((row, index) => ({ row, index }));
  const model = chainModel(rows.flatMap((r) => [r.call, r.put].filter((c): c is OptionContract => !!c)));
  const callCols = columns;
  const putCols = [...columns].reverse();
  // The stars sit in a narrow column of each side next to the strike, so the mirrored table stays mirrored.
  const sideSpan = columns.length + (watch ? 1 : 0);
  const colCount = side === 'both' ? sideSpan * 2 + 1 : sideSpan + 1;

  const headerCell = 'bg-slate-100 px-1.5 py-2 text-xs text-slate-800';
  const starHeader = (type: 'call' | 'put') =>
    watch ? (
      <th key={`${type}-watch`} scope="col" className={`${headerCell} w-7 px-0.5`}>
        <span className="sr-only">Watch</span>
      </th>
    ) : null;
  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Options chain"
      // The region scrolls on its own, so keyboard users need to be able to focus it.
      tabIndex={0}
      className="relative max-h-[70vh] overflow-auto rounded-xl bg-white ring-1 ring-slate-200"
      data-testid="chain-scroll"
    >
      <table className="min-w-full border-separate border-spacing-0 text-[13px]" aria-rowcount={rows.length + 2}>
        <thead className="sticky top-0 z-10">
          <tr aria-rowindex={1}>
            {side !== 'both' && (
              <ColumnHeader
                label="Strike"
                help={STRIKE_HELP(currency)}
                rowSpan={2}
                className="sticky left-0 z-20 border-r border-slate-200 bg-slate-200 px-3 py-2 text-left text-xs text-slate-900"
              />
            )}
            {side !== 'put' && (
              <th scope="colgroup" colSpan={sideSpan} className="bg-brand-50 px-2 py-1.5 text-left text-xs font-bold uppercase tracking-wide text-brand-900">
                Calls
              </th>
            )}
            {side === 'both' ? (
              <ColumnHeader
                label="Strike"
                help={STRIKE_HELP(currency)}
                rowSpan={2}
                className="border-x border-slate-200 bg-slate-200 px-3 py-2 text-center text-xs text-slate-900"
              />
            ) : null}
            {side !== 'call' && (
              <th
                scope="colgroup"
                colSpan={sideSpan}
                className={`bg-red-50 px-2 py-1.5 text-xs font-bold uppercase tracking-wide text-red-900 ${side === 'both' ? 'text-right' : 'text-left'}`}
              >
                Puts
              </th>
            )}
          </tr>
          <tr aria-rowindex={2}>
            {side === 'both' &&
              callCols.map((c) => <ColumnHeader key={`call-${c.id}`} label={c.label} help={c.help(currency, model)} className={`${headerCell} text-right`} />)}
            {side === 'both' && starHeader('call')}
            {side === 'both' && starHeader('put')}
            {side === 'both' &&
              putCols.map((c) => <ColumnHeader key={`put-${c.id}`} label={c.label} help={c.help(currency, model)} className={`${headerCell} text-right`} />)}
            {side !== 'both' && starHeader(side)}
            {side !== 'both' &&
              columns.map((c) => (
                <ColumnHeader key={`${side}-${c.id}`} label={c.label} help={c.help(currency, model)} className={`${headerCell} text-right`} />
              ))}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden>
              <td colSpan={colCount} style={{ height: padTop }} />
            </tr>
          )}
          {shown.map(({ row, index }) => {
            const atm = row.strike === atmStrike;
            const near = !atm && isAtTheMoney(row.strike, price);
            const callItm = isInTheMoney('call', row.strike, price);
            const putItm = isInTheMoney('put', row.strike, price);
            const strikeCell = (
              <th
                scope="row"
                className={`${cellBase} px-3 font-semibold ${side === 'both' ? 'border-x border-slate-200 text-center' : 'sticky left-0 z-[1] border-r border-slate-200 text-left'} ${atm ? 'bg-amber-300 text-amber-950' : near ? 'bg-amber-50 text-slate-900' : 'bg-slate-100 text-slate-900'}`}
              >
                {formatStrike(row.strike, currency)}
                <span className="sr-only">
                  {atm ? ', at the money' : near ? ', near the money' : ''}
                  {side !== 'put' && callItm ? ', call in the money' : ''}
                  {side !== 'call' && putItm ? ', put in the money' : ''}
                </span>
              </th>
            );
            const sideCells = (contract: OptionContract | null, itm: boolean, cols: readonly ColumnDef[], type: 'call' | 'put') =>
              cols.map((col) => (
                <td key={`${type}-${col.id}`} className={`${cellBase} border-b border-slate-100 ${itm ? 'bg-sky-100/70' : 'bg-white'}`}>
                  {renderCell(contract, col.id, currency, maxVolume, type)}
                </td>
              ));
            const starCell = (contract: OptionContract | null, itm: boolean, type: 'call' | 'put') =>
              watch ? (
                <td key={`${type}-watch`} className={`h-9 w-7 border-b border-slate-100 px-0.5 text-center ${itm ? 'bg-sky-100/70' : 'bg-white'}`}>
                  {contract && <WatchStar symbol={contract.contract_ticker} />}
                </td>
              ) : null;
            return (
              <tr
                key={row.strike}
                ref={windowed ? virtualizer.measureElement : undefined}
                data-index={index}
                aria-rowindex={index + 3}
                data-strike={row.strike}
                data-atm={atm || undefined}
                className={atm ? 'font-medium' : ''}
              >
                {side === 'both' ? (
                  <>
                    {sideCells(row.call, callItm, callCols, 'call')}
                    {starCell(row.call, callItm, 'call')}
                    {strikeCell}
                    {starCell(row.put, putItm, 'put')}
                    {sideCells(row.put, putItm, putCols, 'put')}
                  </>
                ) : (
                  <>
                    {strikeCell}
                    {side === 'call' ? starCell(row.call, callItm, 'call') : starCell(row.put, putItm, 'put')}
                    {side === 'call' ? sideCells(row.call, callItm, columns, 'call') : sideCells(row.put, putItm, columns, 'put')}
                  </>
                )}
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={colCount} style={{ height: padBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function describe(c: OptionContract, currency: Currency): string {
  return `${c.underlying_ticker} ${formatShortDate(c.expiration_date)} ${formatStrike(c.strike_price, currency)} ${c.contract_type}`;
}

/** The last price split into what exercising pays now and what the rest of the option's life is worth (issue 23 §3). */
function valueParts(c: OptionContract, currency: Currency): string | null {
  if (c.last === null || c.time_value === null) return null;
  return `Last ${formatMoney(c.last, currency)} = intrinsic value ${formatMoney(c.intrinsic_value, currency)} + time value ${formatMoney(c.time_value, currency)}`;
}

function renderCell(c: OptionContract | null, col: ColumnDef['id'], currency: Currency, maxVolume: number, type: 'call' | 'put'): ReactNode {
  if (!c) return '-';
  switch (col) {
    case 'bid':
      return c.bid === null ? (
        '-'
      ) : (
        <Link
          to={tradeHref(c.contract_ticker, 'sell')}
          aria-label={`Sell ${describe(c, currency)} at the bid, ${formatMoney(c.bid, currency)}`}
          className="rounded px-1 py-0.5 font-medium text-red-800 hover:bg-red-50 hover:underline"
        >
          {formatMoney(c.bid, currency)}
        </Link>
      );
    case 'ask':
      return c.ask === null ? (
        '-'
      ) : (
        <Link
          to={tradeHref(c.contract_ticker, 'buy')}
          aria-label={`Buy ${describe(c, currency)} at the ask, ${formatMoney(c.ask, currency)}`}
          className="rounded px-1 py-0.5 font-medium text-brand-800 hover:bg-brand-50 hover:underline"
        >
          {formatMoney(c.ask, currency)}
        </Link>
      );
    case 'last':
      return <span title={valueParts(c, currency) ?? undefined}>{formatMoney(c.last, currency)}</span>;
    case 'volume': {
      const pct = c.volume ? Math.max(4, Math.round((c.volume / maxVolume) * 100)) : 0;
      return (
        <span className="inline-flex items-center justify-end gap-1.5">
          <span aria-hidden className="hidden h-1.5 w-8 overflow-hidden rounded-full bg-slate-100 sm:inline-block">
            <span className={`block h-full rounded-full ${type === 'call' ? 'bg-brand-500' : 'bg-red-400'}`} style={{ width: `${pct}%` }} />
          </span>
          {formatCompact(c.volume)}
        </span>
      );
    }
    case 'openInterest':
      return formatCompact(c.open_interest);
    case 'iv':
      return formatIv(c.implied_volatility);
    default:
      return formatGreek(col, c[col]);
  }
}
