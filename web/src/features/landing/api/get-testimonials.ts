import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTestimonial } from '@shared/community/testimonials';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

export const getTestimonials = () => api.get<{ testimonials: PublicTestimonial[] }>('/api/community/testimonials');

export const testimonialsQueryOptions = () => queryOptions({ queryKey: queryKeys.community.testimonials(), queryFn: getTestimonials, staleTime: 60_000 });

export const useTestimonials = () => useQuery(testimonialsQueryOptions());
