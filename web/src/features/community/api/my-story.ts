import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Testimonial } from '@shared/community/testimonials';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

export interface StoryDraft {
  quote: string;
  name: string;
  role: string;
  consent: true;
}

export const getMyStory = () => api.get<{ testimonial: Testimonial | null }>('/api/community/testimonial');
export const saveMyStory = (draft: StoryDraft) => api.put<{ testimonial: Testimonial }>('/api/community/testimonial', draft);
export const withdrawMyStory = () => api.del<void>('/api/community/testimonial');

export const myStoryQueryOptions = () => queryOptions({ queryKey: queryKeys.community.myStory(), queryFn: getMyStory, staleTime: 30_000 });

export const useMyStory = () => useQuery(myStoryQueryOptions());

export function useSaveMyStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMyStory,
    onSuccess: (data) => client.setQueryData(myStoryQueryOptions().queryKey, data),
  });
}

export function useWithdrawMyStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawMyStory,
    onSuccess: () => client.setQueryData(myStoryQueryOptions().queryKey, { testimonial: null }),
  });
}
