import { BoundedMap } from '@shared/bounded-map';
import type { PostRepository } from '@shared/community/posts';

/**
 * A warm function's memory of feed pages (a warm Lambda keeps read-mostly data between invocations): readers arriving
 * together share one Query; a page older than `ttlMs` is still answered while one read brings the next (stale while
 * revalidating), so no reader waits on the table once a page is warm. Any write through this function forgets every
 * page at once, so a learner sees their own post, vote or comment at once; another instance's feed may lag by about
 * `ttlMs` plus one read. The post page, votes and counts themselves are always read from the table.
 */
export function withFeedCache<R extends PostRepository>(repo: R, ttlMs = 2_000, now: () => number = Date.now): R {
  type Page = Awaited<ReturnType<PostRepository['feed']>>;
  const pages = new BoundedMap<string, { at: number; pending: Promise<Page> | null; value: Page | null }>(500);
  let generation = 0;
  const forget =
    <A extends unknown[], T>(fn: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await fn(...args);
      } finally {
        generation++;
        pages.clear();
      }
    };
  const read = (key: string, q: Parameters<PostRepository['feed']>[0]): Promise<Page> => {
    const started = generation;
    const entry = pages.get(key) ?? { at: 0, pending: null, value: null };
    const pending = repo.feed(q).then(
      (value) => {
        // A write since the read began: the answer may predate it; keep nothing.
        if (started === generation) pages.set(key, { at: now(), pending: null, value });
        return value;
      },
      (err: unknown) => {
        if (pages.get(key)?.pending === pending) pages.delete(key);
        throw err;
      },
    );
    pages.set(key, { ...entry, pending });
    return pending;
  };
  return {
    ...repo,
    feed(q) {
      const key = `${q.variant}|${q.sort}|${q.limit}|${q.cursor ?? ''}`;
      const hit = pages.get(key);
      if (hit?.value && now() - hit.at < ttlMs) return Promise.resolve(hit.value);
      if (hit?.value) {
        if (!hit.pending) read(key, q).catch(() => undefined);
        return Promise.resolve(hit.value);
      }
      return hit?.pending ?? read(key, q);
    },
    create: forget(repo.create),
    addComment: forget(repo.addComment),
    setVote: forget(repo.setVote),
    moderate: forget(repo.moderate),
    withdrawPost: forget(repo.withdrawPost),
    withdrawComment: forget(repo.withdrawComment),
    eraseLearner: forget(repo.eraseLearner),
  };
}
