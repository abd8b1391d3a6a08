import { MIN_HISTORY_SESSIONS, YEAR_SESSIONS, type DailySummary } from '../metrics/daily-summary';
import { simpleMovingAverage, trendOf, volatilityPremium, volatilityState, type Trend, type VolatilityPremium, type VolatilityState } from './regime';
import { ivRank } from '../metrics/volatility';

/**
 * The regime page's series (issue 22): each session's components — trend (close against
 * SMA50 and SMA200), volatility state (IV rank and IV30/IV90), volatility premium (IV30 − HV20) — its raw label, and the
 * label shown, which changes only once a new raw label has held for REGIME_CONFIRM_SESSIONS sessions in a row
 * (hysteresis, so the label does not flip-flop).
 */
export const REGIME_CONFIRM_SESSIONS = 3;

export interface RegimeComponents {
  trend: Trend;
  volState: VolatilityState;
  premium: VolatilityPremium;
}

export interface RegimeDay extends RegimeComponents {
  date: string;
  close: number;
  sma50: number;
  sma200: number;
  ivRank: number;
  termRatio: number;
  iv30: number;
  iv90: number;
  hv20: number;
  /** The session's own classification. */
  raw: string;
  /** The label shown: the raw label once it has held 3 sessions in a row. */
  label: string;
}

const TREND_WORD: Record<Trend, string> = { up: 'Uptrend', down: 'Downtrend', range: 'Range' };
const VOL_WORD: Record<VolatilityState, string> = { low: 'calm', normal: 'normal volatility', high: 'stressed' };
const PREMIUM_WORD: Record<VolatilityPremium, string> = { rich: 'IV rich', fair: 'IV fair', cheap: 'IV cheap' };

/** "Uptrend, calm, IV rich": trend, volatility state, premium. */
export const regimeLabel = (c: RegimeComponents): string => `${TREND_WORD[c.trend]}, ${VOL_WORD[c.volState]}, ${PREMIUM_WORD[c.premium]}`;

/** Applies the hysteresis to raw labels: the shown label switches once a new one has held `confirm` sessions in a row. */
export function withHysteresis(raw: readonly string[], confirm = REGIME_CONFIRM_SESSIONS): string[] {
  const out: string[] = [];
  let shown: string | null = null;
  let candidate: string | null = null;
  let streak = 0;
  for (const r of raw) {
    if (shown === null) shown = r;
    else if (r === shown) {
      candidate = null;
      streak = 0;
    } else {
      streak = r === candidate ? streak + 1 : 1;
      candidate = r;
      if (streak >= confirm) {
        shown = r;
        candidate = null;
        streak = 0;
      }
    }
    out.push(shown);
  }
  return out;
}

/**
 * The regime of every session that has 200 closes and 60 earlier IV30s before it, oldest first. IV rank on each day is
 * over the up-to-252 sessions before it, as it was known then.
 */
export function regimeSeries(rows: readonly DailySummary[]): RegimeDay[] {
  const closes = rows.map((r) => r.close);
  const days: Omit<RegimeDay, 'label'>[] = [];
  rows.forEach((row, i) => {
    const sma50 = simpleMovingAverage(closes.slice(0, i + 1), 50);
    const sma200 = simpleMovingAverage(closes.slice(0, i + 1), 200);
    const prior = rows
      .slice(Math.max(0, i - YEAR_SESSIONS), i)
      .map((r) => r.iv30)
      .filter((x): x is number => x !== null);
    if (sma50 === null || sma200 === null || row.iv30 === null || row.iv90 === null || row.hv20 === null || prior.length < MIN_HISTORY_SESSIONS) return;
    const rank = ivRank(row.iv30, prior);
    if (rank === null) return;
    const termRatio = row.iv30 / row.iv90;
    const c: RegimeComponents = {
      trend: trendOf({ close: row.close, sma50, sma200 }),
      volState: volatilityState({ ivRank: rank, termRatio }),
      premium: volatilityPremium(row.iv30, row.hv20),
    };
    days.push({
      date: row.date,
      close: row.close,
      sma50,
      sma200,
      ivRank: rank,
      termRatio,
      iv30: row.iv30,
      iv90: row.iv90,
      hv20: row.hv20,
      ...c,
      raw: regimeLabel(c),
    });
  });
  const labels = withHysteresis(days.map((d) => d.raw));
  return days.map((d, i) => ({ ...d, label: labels[i]! }));
}
