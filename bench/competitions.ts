import { weeklySeason, type Season } from '../shared/competitions/seasons';
import { addDays, mondayOf, newYorkInstant, newYorkParts } from '../shared/market/dates';
import { signUpAndSignIn } from '../test/support/cognito';
import { newDataDir, spawnLocalStack, waitFor } from '../test/support/local-stack';
import { stackClock } from '../test/support/stack-clock';
import { closedLoop, learnerGetter, ms } from './latency';
import type { BenchSuite } from './suites';

const READERS = 20;
/** Two leagues of about 30, so a league board reads one league's part of the standings and the overall board the top part. */
const ENTRANTS = 60;
const REQUESTS = 2_000;

/** The first weekly season that starts after today (New York), so learners can join it now. */
function upcomingWeek(): Season {
  let monday = addDays(mondayOf(newYorkParts(new Date()).date), 7);
  for (;;) {
    const s = weeklySeason(monday);
    if (s) return s;
    monday = addDays(monday, 7);
  }
}

/**
 * Issue 39's target: a league board read p99 ≤ 50 ms at 20 readers at once, through the local gateway and DynamoDB
 * Local. 60 learners join next week's season (two leagues); the stack's clock moves to its first trading day, 11:00 New
 * York, and the competitionBoard job stores the standings; then 20 of the entrants read their league's board, and the
 * overall board, each from its own loopback address.
 */
export const competitionsSuite: BenchSuite = {
  name: 'competitions',
  title: 'competitions: the league board at 20 readers, 60 entrants (local stack)',
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-competitions'), env: { LOG_REQUESTS: '0' } });
    try {
      await waitFor(
        async () => (await fetch(`${stack.url}/api/market/status`)).json(),
        (s: { lastSync: string | null }) => s.lastSync !== null,
        300_000,
        'market data',
      );
      const season = upcomingWeek();
      const entrants: { authorization: string; 'content-type': string }[] = [];
      for (let i = 0; i < ENTRANTS; i++) {
        const user = await signUpAndSignIn(stack);
        const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
        await fetch(`${stack.url}/api/me`, { method: 'PUT', headers });
        const joined = await fetch(`${stack.url}/api/competitions/seasons/${season.id}/join`, { method: 'POST', headers });
        if (joined.status !== 201) throw new Error(`join answered ${joined.status}: ${await joined.text()}`);
        entrants.push(headers);
      }
      await stackClock(stack).moveTo(newYorkInstant(season.firstDay, 11));
      const tick = await fetch(`${stack.endpoints.aws}/_local/scheduler/tick`, { method: 'POST', body: JSON.stringify({ job: 'competitionBoard' }) });
      if (!((await tick.json()) as { ran: boolean }).ran) throw new Error('the competitionBoard job did not run');
      const readers = entrants.slice(0, READERS).map((h, i) => learnerGetter(stack.url, { authorization: h.authorization }, `127.0.0.${10 + i}`));
      await waitFor(
        async () => (await fetch(`${stack.url}/api/competitions/seasons/${season.id}/board`, { headers: entrants[0]! })).json(),
        (b: { asOf: unknown; entrants: number }) => b.asOf !== null && b.entrants === ENTRANTS,
        60_000,
        'the standings',
      );
      for (const view of ['league', 'overall'] as const) {
        const path = `/api/competitions/seasons/${season.id}/board?view=${view}`;
        const reading = async (i: number) => (await readers[i % READERS]!(path)) === 200;
        await closedLoop(READERS, 1000, reading);
        const load = await closedLoop(READERS, REQUESTS, reading);
        console.log(`${view} board, ${ENTRANTS} entrants, ${READERS} readers: ${load.requests} requests, ${load.failures} failed`);
        console.log(
          `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 50 ms: ${load.p99 <= 50 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
        );
      }
    } finally {
      await stack.stop();
    }
  },
};
