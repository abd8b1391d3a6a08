import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { postsApi } from '@shared/community/posts.api';
import { type ModerationItem, type Post, type PostComment, type PostSummary } from '@shared/community/posts.api';
import type { FeedSort } from '@shared/community/strategy-posts';
import { queryKeys } from '@web/api/query-keys';
import { api, ApiError } from '@web/lib/api-client';

/**
 * Strategy sharing (shared/community/posts.api.ts): the feed, a post, sharing, comments, votes, reports, open in builder
 * and the operators' queue. Here rather than in a feature folder because the builder and the journal share from their
 * own pages and the community pages read the same posts.
 */
export type { ModerationItem, Post, PostComment, PostSummary };
export type ShareBody = BodyOf<(typeof postsApi)['POST /api/community/posts']>;
export type BuilderLegs = ResponseOf<(typeof postsApi)['GET /api/community/posts/{postId}/builder']>;
export interface FeedFilter {
  sort: FeedSort;
  underlying?: string;
  strategy?: string;
}

const base = '/api/community/posts';
export const getFeed = (f: FeedFilter, cursor?: string) =>
  api.get<{ posts: PostSummary[]; cursor: string | null }>(base, {
    sort: f.sort,
    ...(f.underlying ? { underlying: f.underlying } : {}),
    ...(f.strategy ? { strategy: f.strategy } : {}),
    ...(cursor ? { cursor } : {}),
  });
export const getPost = (id: string) => api.get<{ post: Post }>(`${base}/${id}`);
export const sharePost = (body: ShareBody) => api.post<{ post: Post }>(base, body);
export const getBuilderLegs = (id: string) => api.get<BuilderLegs>(`${base}/${id}/builder`);

export const feedQueryOptions = (f: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.community.feed(f.sort, f.underlying ?? '', f.strategy ?? ''),
    queryFn: ({ pageParam }) => getFeed(f, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor ?? undefined,
    staleTime: 15_000,
  });
export const useFeed = (f: FeedFilter) => useInfiniteQuery(feedQueryOptions(f));

export const postQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.community.post(id), queryFn: () => getPost(id), staleTime: 10_000, retry: false });
export const usePost = (id: string) => useQuery(postQueryOptions(id));
export const useBuilderLegs = (id: string) =>
  useQuery({ queryKey: queryKeys.community.builder(id), queryFn: () => getBuilderLegs(id), staleTime: 60_000, retry: false });

export function useSharePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sharePost,
    onSuccess: (data) => {
      client.setQueryData(postQueryOptions(data.post.id).queryKey, data);
      void client.invalidateQueries({ queryKey: queryKeys.community.feeds() });
    },
  });
}

export function useAddComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<{ comment: PostComment }>(`${base}/${postId}/comments`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.community.post(postId) }),
  });
}

export function useVote(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (useful: boolean) => api.put<{ useful: number; votedUseful: boolean }>(`${base}/${postId}/vote`, { useful }),
    onSuccess: (v) => {
      client.setQueryData(postQueryOptions(postId).queryKey, (old: { post: Post } | undefined) => (old ? { post: { ...old.post, ...v } } : old));
      void client.invalidateQueries({ queryKey: queryKeys.community.feeds() });
    },
  });
}

/** What the community page says after the author deleted their post (router state from the post page). */
export const POST_DELETED_STATUS = 'Your post was deleted. It no longer appears in the community.';

/** A withdrawal answers 204 again when repeated, so one lost on the way (no answer at all) is simply sent again. */
const retryUnanswered = (failures: number, err: Error) => failures < 2 && err instanceof ApiError && err.status === 0;

/** The author withdraws their post: its page is forgotten (it answers 404 now) and every feed is read again. */
export function useWithdrawPost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<null>(`${base}/${postId}`),
    retry: retryUnanswered,
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.community.post(postId), exact: true });
      void client.invalidateQueries({ queryKey: queryKeys.community.feeds() });
    },
  });
}

/** The author withdraws their comment: the post is read again (its list and count) and the feeds' counts with it. */
export function useWithdrawComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.del<null>(`${base}/${postId}/comments/${commentId}`),
    retry: retryUnanswered,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.community.post(postId) });
      void client.invalidateQueries({ queryKey: queryKeys.community.feeds() });
    },
  });
}

export const useReport = (postId: string) =>
  useMutation({ mutationFn: (r: { commentId?: string; reason: string }) => api.post<{ reported: true }>(`${base}/${postId}/report`, r) });

export const reportsQueryOptions = (status: ModerationItem['status']) =>
  queryOptions({
    queryKey: queryKeys.community.reports(status),
    queryFn: () => api.get<{ items: ModerationItem[] }>('/api/admin/community/reports', { status }),
    staleTime: 5_000,
  });
export const useReports = (status: ModerationItem['status']) => useQuery(reportsQueryOptions(status));

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: { postId: string; commentId: string | null; action: 'hide' | 'restore' }) =>
      api.post<{ item: ModerationItem }>(`/api/admin/community/posts/${m.postId}/${m.action}`, m.commentId ? { commentId: m.commentId } : {}),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.community.reports() });
      void client.invalidateQueries({ queryKey: queryKeys.community.feeds() });
    },
  });
}
