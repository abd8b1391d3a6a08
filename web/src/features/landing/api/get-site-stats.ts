import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteStats } from '@shared/ports/site-stats.port';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

export const getSiteStats = () => api.get<SiteStats>('/api/stats');

export const siteStatsQueryOptions = () => queryOptions({ queryKey: queryKeys.community.siteStats(), queryFn: getSiteStats, staleTime: 60_000 });

export const useSiteStats = () => useQuery(siteStatsQueryOptions());
