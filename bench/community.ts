import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoPostRepository } from '../functions/adapters/dynamo/community-posts';
import type { StoredPost } from '../shared/community/posts';
import { domainEvent } from '../shared/events/domain-events';
import { legTemplates } from '../shared/strategy/shape';
import { signUpAndSignIn } from '../test/support/cognito';
import { newDataDir, spawnLocalStack } from '../test/support/local-stack';
import { closedLoop, learnerGetter, ms } from './latency';
import type { BenchSuite } from './suites';

const POSTS = 300;
const READERS = 20;
const UNDERLYINGS = ['SPY', 'QQQ', 'IWM', 'AAPL', 'TSLA'];
const STRATEGIES = [
  ['Bull Call Spread', 'bull-call-spread'],
  ['Iron Condor', 'iron-condor'],
  ['Long Call', 'long-call'],
] as const;

/**
 * Issue 20's target: the community feed (GET /api/community/posts, a page of 20) p99 ≤ 50 ms with 20 learners reading
 * at once, through the local gateway and DynamoDB Local. 300 posts are written with the repository itself, as sharing
 * would have written them (sharing through the API is 10 a learner a day). Measured once, for the newest page, the
 * most-useful page and a filtered page.
 */
export const communitySuite: BenchSuite = {
  name: 'community',
  title: 'community feed at 20 concurrent readers (local stack)',
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-community'), env: { LOG_REQUESTS: '0', SEED_MARKET: '0' } });
    try {
      const db = DynamoDBDocumentClient.from(
        new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      );
      const repo = dynamoPostRepository(db, stack.tableName);
      const legs = legTemplates(
        [
          { action: 'buy', optionType: 'call', strike: 580, expiration: '2026-12-18', quantity: 1, premium: 9.5 },
          { action: 'sell', optionType: 'call', strike: 600, expiration: '2026-12-18', quantity: 1, premium: 2.9 },
        ],
        580,
        '2026-11-18',
      );
      for (let i = 0; i < POSTS; i += 25) {
        await Promise.all(
          Array.from({ length: Math.min(25, POSTS - i) }, (_, k) => {
            const n = i + k;
            const [strategyName, strategyType] = STRATEGIES[n % STRATEGIES.length]!;
            const post: StoredPost = {
              id: `01JPOST${String(n).padStart(19, '0')}`,
              authorId: `bench-author-${n % 30}`,
              authorName: `Learner ${n % 30}`,
              authorPublicId: null,
              title: `Shared strategy number ${n}: a ${strategyName} with a thesis`,
              thesis: 'A thesis of a few sentences. '.repeat(20),
              tags: ['earnings', 'spreads'],
              underlying: UNDERLYINGS[n % UNDERLYINGS.length]!,
              strategyName,
              strategyType,
              source: 'builder',
              legs,
              refPrice: 580,
              refDate: '2026-11-18',
              outcome: null,
              hasOutcome: false,
              useful: n % 17,
              comments: n % 5,
              hidden: false,
              createdAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
            };
            const shared = domainEvent(
              'CommunityPostShared',
              { userId: post.authorId, postId: post.id, at: post.createdAt },
              `01JEVNT${String(n).padStart(19, '0')}`,
            );
            return repo.create(post, { day: `bench-${n}`, max: 1_000 }, shared);
          }),
        );
      }
      const readers = await Promise.all(Array.from({ length: READERS }, async () => ({ authorization: `Bearer ${(await signUpAndSignIn(stack)).idToken}` })));
      // Each reader from its own loopback address: twenty learners are twenty clients to the rate limits.
      const gets = readers.map((headers, i) => learnerGetter(stack.url, headers, `127.0.0.${10 + i}`));
      for (const [label, query] of [
        ['newest', 'sort=newest'],
        ['most useful', 'sort=useful'],
        ['SPY iron condors', 'sort=newest&underlying=SPY&strategy=iron-condor'],
      ] as const) {
        const url = `${stack.url}/api/community/posts?${query}`;
        const first = (await (await fetch(url, { headers: readers[0] })).json()) as { posts: unknown[] };
        if (!first.posts.length) throw new Error(`the ${label} feed is empty`);
        const get = async (i: number) => (await gets[i % READERS]!(`/api/community/posts?${query}`)) === 200;
        // Warmed first, as a warm function is: a fresh process spends its first second or two of load compiling the path.
        await closedLoop(READERS, 1000, get);
        const load = await closedLoop(READERS, 1000, get);
        console.log(`feed (${label}, ${first.posts.length} a page), ${READERS} at once: ${load.requests} requests, ${load.failures} failed`);
        console.log(
          `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 50 ms: ${load.p99 <= 50 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
        );
      }
    } finally {
      await stack.stop();
    }
  },
};
