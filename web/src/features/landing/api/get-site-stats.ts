import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteStats } from '@shared/community/site-stats';
import { api } from '@web/lib/api-client';

export const getSiteStats = () => api.get<SiteStats>('/api/stats');

export const siteStatsQueryOptions = () => queryOptions({ queryKey: ['landing', 'site-stats'], queryFn: getSiteStats, staleTime: 60_000 });

export const useSiteStats = () => useQuery(siteStatsQueryOptions());
