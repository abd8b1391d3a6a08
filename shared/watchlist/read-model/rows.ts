/**
 * The figures of each watchlist row, from the stored end-of-day data (pure: the use case reads, these decide).
 * Every figure carries the date of the session it comes from, because the product's data is end of day.
 */
import { volatilityMetrics } from '../../analysis/history-metrics';
import type { OptionContract } from '../../market/chain';
import type { DailyBar } from '../../market/market-data.port';
import { newYorkDate } from '../../market/dates';
import type { DailySummary } from '../../metrics/daily-summary';

export interface UnderlyingFigures {
  /** The session the figures are of (yyyy-mm-dd, New York). */
  date: string;
  close: number;
  /** Close minus the previous session's close; null with a single stored session. */
  change: number | null;
  changePercent: number | null;
  /** 30-day constant-maturity at-the-money IV, a fraction. */
  iv: number | null;
  /** IV rank over the stored year, 0-100; null until enough sessions are stored. */
  ivRank: number | null;
  source: 'live' | 'demo';
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** An underlying's row from its daily summaries (oldest first); null when none is stored. */
export function underlyingFigures(rows: readonly DailySummary[], today: string): UnderlyingFigures | null {
  const last = rows.at(-1);
  if (!last) return null;
  const prev = rows.at(-2);
  const change = prev ? last.close - prev.close : null;
  const vol = volatilityMetrics(rows, today);
  return {
    date: last.date,
    close: last.close,
    change: change === null ? null : round(change, 4),
    changePercent: change === null || !prev || prev.close === 0 ? null : round((100 * change) / prev.close, 2),
    iv: last.iv30,
    ivRank: vol.ivRank === null ? null : round(vol.ivRank, 1),
    source: last.source,
  };
}

export interface ContractFigures {
  /** The session of the chain the figures come from. */
  date: string;
  mark: number | null;
  /** The previous session's close of the contract, and the mark's change from it; null when no earlier bar is stored. */
  previousClose: number | null;
  change: number | null;
  iv: number | null;
  delta: number | null;
  daysToExpiry: number;
  underlyingPrice: number;
}

/**
 * A contract's row: its chain line (mark, IV, delta), and the change of the mark since the contract's close of the
 * session before the chain's (its last daily bar dated before that session).
 */
export function contractFigures(
  contract: Pick<OptionContract, 'mark' | 'implied_volatility' | 'delta'>,
  chain: { asOf: string; daysToExpiry: number; underlyingPrice: number },
  bars: readonly DailyBar[],
): ContractFigures {
  const date = newYorkDate(chain.asOf);
  const previous = [...bars]
    .filter((b) => b.date < date)
    .sort((a, b) => a.date.localeCompare(b.date))
    .at(-1);
  const previousClose = previous && Number.isFinite(previous.close) ? previous.close : null;
  return {
    date,
    mark: contract.mark,
    previousClose,
    change: contract.mark !== null && previousClose !== null ? round(contract.mark - previousClose, 4) : null,
    iv: contract.implied_volatility,
    delta: contract.delta,
    daysToExpiry: chain.daysToExpiry,
    underlyingPrice: chain.underlyingPrice,
  };
}

export interface Settlement {
  /** The expiry date whose official close settles the contract. */
  date: string;
  close: number;
  /** Intrinsic value per share at that close: max(close − strike, 0) for a call, max(strike − close, 0) for a put. */
  value: number;
}

/** An expired contract's settlement value (per share; ×100 a contract), as the paper account settles it. */
export function settlementOf(type: 'call' | 'put', strike: number, close: { date: string; close: number }): Settlement {
  const value = type === 'call' ? Math.max(close.close - strike, 0) : Math.max(strike - close.close, 0);
  return { date: close.date, close: close.close, value: round(value, 4) };
}
