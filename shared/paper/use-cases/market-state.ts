import { tradingDayOnOrBefore } from '../../market/calendar';
import { addDays, newYorkParts } from '../../market/dates';
import { parseOcc } from '../../market/occ';
import type { TradingState } from '../engine';
import { valuation } from '../portfolio';
import { dayPnlSessionOf } from '../session';
import type { PaperAccount, Position } from '../types';
import type { Quote } from '../../trading/order';
import type { PaperDeps } from './deps';

export type AccountState = TradingState & { positionQuotes: Map<string, Quote> };

/** The account with the quotes, marks and underlying prices of its positions and of the contracts an order names. */
export async function loadState(
  deps: Pick<PaperDeps, 'quotes' | 'clock' | 'repo'>,
  account: PaperAccount,
  extraContracts: readonly string[] = [],
  knownPositions?: Position[],
): Promise<AccountState> {
  const positions = knownPositions ?? (await deps.repo.getPositions(account.userId));
  const optionSymbols = positions.filter((p) => p.kind === 'option').map((p) => p.symbol);
  const contracts = [...new Set([...extraContracts.map((c) => c.toUpperCase()), ...optionSymbols])];
  const quotes = await deps.quotes.quotes(contracts);
  const underlyings = [...new Set([...positions.map((p) => p.underlying), ...contracts.map((c) => parseOcc(c)?.underlying).filter((u): u is string => !!u)])];
  // A chain quote carries its underlying's price; ask the quote source only for the rest (shares).
  const underlyingPrices = new Map<string, number>();
  for (const q of quotes.values()) {
    const u = parseOcc(q.contract)?.underlying;
    if (u && !underlyingPrices.has(u)) underlyingPrices.set(u, q.underlyingPrice);
  }
  const missing = underlyings.filter((u) => !underlyingPrices.has(u));
  if (missing.length) for (const [u, p] of await deps.quotes.underlyingPrices(missing)) underlyingPrices.set(u, p);
  const marks = new Map<string, number>();
  for (const p of positions) {
    const mark = p.kind === 'option' ? quotes.get(p.symbol)?.mark : underlyingPrices.get(p.symbol);
    if (mark !== null && mark !== undefined) marks.set(p.symbol, mark);
  }
  return { account, positions, quotes, marks, underlyingPrices, now: deps.clock.now(), positionQuotes: quotes };
}

/**
 * Day P&L's baseline: the equity at the close before the current session (dayPnlSessionOf), that is the positions
 * held then at that close's marks. Recorded on the account by the session's first change (an order, an exercise, a
 * settlement: withSessionStart), so later changes do not disturb it; until then the positions are the ones held at
 * that close, valued at its marks: the current marks where the quotes are from that close (during the session, with
 * end-of-day data), else each contract's daily bar and each stock's close on that date (after the evening ingestion
 * has moved the marks to the session's own close). A position without a close on record counts at its current mark,
 * so its move is left out rather than guessed.
 */
export async function openingEquity(
  deps: Pick<PaperDeps, 'quotes' | 'clock'>,
  account: PaperAccount,
  positions: readonly Position[],
  marks: ReadonlyMap<string, number>,
  quotes: ReadonlyMap<string, Quote>,
): Promise<number> {
  const session = dayPnlSessionOf(deps.clock.now());
  if (account.sessionStart?.date === session) return account.sessionStart.equity;
  const previous = tradingDayOnOrBefore(addDays(session, -1));
  const closeMarks = new Map(marks);
  await Promise.all(
    positions.map(async (p) => {
      if (p.kind === 'option') {
        const q = quotes.get(p.symbol);
        if (q && newYorkParts(new Date(q.asOf)).date === previous) return;
      }
      const close = p.kind === 'option' ? await deps.quotes.contractCloseOn(p.symbol, previous) : await deps.quotes.closeOn(p.symbol, previous);
      if (close !== undefined) closeMarks.set(p.symbol, close);
    }),
  );
  return valuation(account, positions, closeMarks, new Map()).equity;
}

/** The account with this session's Day P&L baseline recorded, before a change to its cash or positions. */
export async function withSessionStart(
  deps: Pick<PaperDeps, 'quotes' | 'clock' | 'repo'>,
  account: PaperAccount,
  positions: readonly Position[],
  known?: { marks: ReadonlyMap<string, number>; quotes: ReadonlyMap<string, Quote> },
): Promise<PaperAccount> {
  const session = dayPnlSessionOf(deps.clock.now());
  if (account.sessionStart?.date === session) return account;
  const state = known ?? (await loadState(deps, account, [], [...positions]));
  return { ...account, sessionStart: { date: session, equity: await openingEquity(deps, account, positions, state.marks, state.quotes) } };
}
