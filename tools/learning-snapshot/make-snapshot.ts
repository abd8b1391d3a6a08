/**
 * Freezes a chain snapshot for the course's worked examples (issue 17): the simulated market's end-of-day chain of
 * an underlying on one session, built by the same code as ingestion (shared/market/chain.ts buildChain), for the
 * expiries nearest to the given days to expiry, strikes within ±8% of the price. The lessons compute every figure
 * from these files with the pricing core, so a lesson's numbers are the market's numbers of that date.
 *
 *   npx tsx tools/learning-snapshot/make-snapshot.ts SPY 2026-11-20 7,30,45
 *
 * writes shared/learning/snapshots/spy-2026-11-20.json. A tool, not part of npm test.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChain } from '../../shared/market/chain';
import { newYorkInstant, yearsBetween } from '../../shared/market/dates';
import { simulatedProvider } from '../../shared/market/simulated-market';
import { exerciseStyle, RISK_FREE_RATE, underlyingProfile } from '../../shared/market/underlyings';
import type { ChainSnapshot } from '../../shared/learning/snapshot';

const [underlying = 'SPY', session = '2026-11-20', days = '7,30,45'] = process.argv.slice(2);
const close = newYorkInstant(session, 16);
const provider = simulatedProvider({ now: () => new Date(close.getTime() + 60 * 60 * 1000) });
const snapshot = await provider.chainSnapshot(underlying);
const S = snapshot.underlyingPrice;
const asOf = new Date(snapshot.asOf);
const q = underlyingProfile(underlying)?.dividendYield ?? 0;
const expiries = [...new Set(snapshot.quotes.map((x) => x.expiration))].sort();
const dte = (e: string) => Math.round((newYorkInstant(e, 16).getTime() - close.getTime()) / 86_400_000);
const chosen = [...new Set(days.split(',').map((d) => expiries.reduce((b, e) => (Math.abs(dte(e) - Number(d)) < Math.abs(dte(b) - Number(d)) ? e : b))))];

const out: ChainSnapshot = {
  underlying,
  session,
  asOf: snapshot.asOf,
  underlyingPrice: S,
  r: RISK_FREE_RATE,
  q,
  exerciseStyle: exerciseStyle(underlying),
  source: 'Simulated end-of-day market (the same chain the market API served for this session)',
  expiries: chosen.map((expiration) => ({
    expiration,
    daysToExpiry: dte(expiration),
    contracts: buildChain(
      snapshot.quotes.filter((x) => x.expiration === expiration && Math.abs(x.strike / S - 1) <= 0.08),
      {
        underlying,
        expiration,
        underlyingPrice: S,
        T: yearsBetween(asOf, newYorkInstant(expiration, 16)),
        r: RISK_FREE_RATE,
        q,
        exercise: exerciseStyle(underlying),
      },
    ).sort((a, b) => a.strike_price - b.strike_price || a.contract_type.localeCompare(b.contract_type)),
  })),
};
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../../shared/learning/snapshots/${underlying.toLowerCase()}-${session}.json`);
writeFileSync(file, `${JSON.stringify(out)}\n`);
console.log(`${file}: ${out.expiries.map((e) => `${e.expiration} (${e.daysToExpiry}d, ${e.contracts.length} contracts)`).join(', ')}`);
