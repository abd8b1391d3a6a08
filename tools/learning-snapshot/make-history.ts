/**
 * Freezes a year of daily history for the course's market-analysis lessons (issue 17): for each of the `days` NYSE
 * trading days ending on a session, the simulated market's close (shared/market/simulated-day.ts closePrice) and
 * its 30- and 90-day constant-maturity at-the-money implied volatility, read off the market's own volatility surface
 * at that day's level (shared/market/vol-surface.ts atmVol at T = 30/365 and 90/365 with dayVolLevel), so no past
 * chain is priced. The lessons compute IV rank, IV percentile, realised volatility and moving averages from it with
 * shared/analysis.
 *
 *   npx tsx tools/learning-snapshot/make-history.ts SPY 2026-11-20 252
 *
 * writes shared/learning/snapshots/spy-history-2026-11-20.json. A tool, not part of npm test.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tradingDaysEnding } from '../../shared/market/calendar';
import { closePrice, dayVolLevel } from '../../shared/market/simulated-day';
import { underlyingProfile } from '../../shared/market/underlyings';
import { atmVol } from '../../shared/market/vol-surface';
import type { PriceHistory } from '../../shared/learning/history';

const [underlying = 'SPY', session = '2026-11-20', count = '252'] = process.argv.slice(2);
const profile = underlyingProfile(underlying);
if (!profile) throw new Error(`${underlying} is not an underlying of the simulated market`);
/** Implied volatilities to 5 decimals, as the chain's IV column (shared/market/chain.ts). */
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

const out: PriceHistory = {
  underlying: profile.ticker,
  session,
  source: 'Simulated end-of-day market: each session’s close and its volatility surface at the close (the same market the chain snapshot comes from)',
  definitions: {
    close: 'the session’s closing price',
    iv30: '30-day constant-maturity at-the-money implied volatility at the close',
    iv90: '90-day constant-maturity at-the-money implied volatility at the close',
  },
  days: tradingDaysEnding(session, Number(count)).map((date) => {
    const level = dayVolLevel(profile.ticker, date);
    return { date, close: closePrice(profile.ticker, date), iv30: round5(atmVol(profile, 30 / 365, level)), iv90: round5(atmVol(profile, 90 / 365, level)) };
  }),
};
const file = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  `../../shared/learning/snapshots/${profile.ticker.toLowerCase()}-history-${session}.json`,
);
writeFileSync(file, `${JSON.stringify(out)}\n`);
const first = out.days[0]!;
const last = out.days.at(-1)!;
console.log(`${file}: ${out.days.length} days, ${first.date} (${first.close}) to ${last.date} (${last.close}, IV30 ${last.iv30})`);
