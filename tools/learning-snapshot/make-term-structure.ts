/**
 * Freezes the term structure of one session for the course's market-analysis lessons (issue 17): every expiry the
 * simulated market lists for the underlying on that session, up to `maxDays` days out, with the call and the put at
 * the strike nearest the price, built by the same code as ingestion (shared/market/chain.ts buildChain) from the same
 * end-of-day chain as make-snapshot.ts. Written as a ChainSnapshot (two contracts an expiry), so the lessons read it
 * with the course's snapshot helpers.
 *
 *   npx tsx tools/learning-snapshot/make-term-structure.ts SPY 2026-11-20 400
 *
 * writes shared/learning/snapshots/spy-term-2026-11-20.json. A tool, not part of npm test.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChain } from '../../shared/market/chain';
import { newYorkInstant, yearsBetween } from '../../shared/market/dates';
import { simulatedProvider } from '../../shared/market/simulated-market';
import { exerciseStyle, RISK_FREE_RATE, underlyingProfile } from '../../shared/market/underlyings';
import type { ChainSnapshot } from '../../shared/learning/snapshot';

const [underlying = 'SPY', session = '2026-11-20', maxDays = '400'] = process.argv.slice(2);
const close = newYorkInstant(session, 16);
const provider = simulatedProvider({ now: () => new Date(close.getTime() + 60 * 60 * 1000) });
const snapshot = await provider.chainSnapshot(underlying);
const S = snapshot.underlyingPrice;
const asOf = new Date(snapshot.asOf);
const q = underlyingProfile(underlying)?.dividendYield ?? 0;
const dte = (e: string) => Math.round((newYorkInstant(e, 16).getTime() - close.getTime()) / 86_400_000);
const expiries = [...new Set(snapshot.quotes.map((x) => x.expiration))].sort().filter((e) => dte(e) > 0 && dte(e) <= Number(maxDays));

const out: ChainSnapshot = {
  underlying,
  session,
  asOf: snapshot.asOf,
  underlyingPrice: S,
  r: RISK_FREE_RATE,
  q,
  exerciseStyle: exerciseStyle(underlying),
  source: 'Simulated end-of-day market (the same chain the market API served for this session): the strike nearest the price of every listed expiry',
  expiries: expiries.map((expiration) => {
    const quotes = snapshot.quotes.filter((x) => x.expiration === expiration);
    const atm = quotes.reduce((b, x) =>
      Math.abs(x.strike - S) < Math.abs(b.strike - S) || (Math.abs(x.strike - S) === Math.abs(b.strike - S) && x.strike < b.strike) ? x : b,
    ).strike;
    return {
      expiration,
      daysToExpiry: dte(expiration),
      contracts: buildChain(
        quotes.filter((x) => x.strike === atm),
        {
          underlying,
          expiration,
          underlyingPrice: S,
          T: yearsBetween(asOf, newYorkInstant(expiration, 16)),
          r: RISK_FREE_RATE,
          q,
          exercise: exerciseStyle(underlying),
        },
      ).sort((a, b) => a.contract_type.localeCompare(b.contract_type)),
    };
  }),
};
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../../shared/learning/snapshots/${underlying.toLowerCase()}-term-${session}.json`);
writeFileSync(file, `${JSON.stringify(out)}\n`);
console.log(
  `${file}: ${out.expiries.map((e) => `${e.expiration} ${e.daysToExpiry}d K=${e.contracts[0]?.strike_price} IV ${e.contracts[0]?.implied_volatility}`).join('\n')}`,
);
