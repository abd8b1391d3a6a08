import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Testimonial, TestimonialStatus } from '@shared/community/testimonials';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

export const getStoriesForModeration = (status: TestimonialStatus) =>
  api.get<{ status: TestimonialStatus; testimonials: Testimonial[] }>('/api/admin/testimonials', { status });

export const moderationQueryOptions = (status: TestimonialStatus) =>
  queryOptions({ queryKey: queryKeys.community.moderation(status), queryFn: () => getStoriesForModeration(status), staleTime: 0 });

export const useStoriesForModeration = (status: TestimonialStatus) => useQuery(moderationQueryOptions(status));

export const decideStory = (input: { userId: string; updatedAt: string; decision: 'approve' | 'reject' }) =>
  api.post<{ testimonial: Testimonial }>(`/api/admin/testimonials/${encodeURIComponent(input.userId)}/${input.decision}`, { updatedAt: input.updatedAt });

export function useDecideStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideStory,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.community.moderation() }),
  });
}
