import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SummaryResponse } from '@shared/analysis/analysis.api';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

/**
 * An underlying's end-of-day summary and its year of daily rows (GET /api/analysis/{underlying}/summary, public), read by
 * the analysis pages and the price chart. The answer changes once a day, with the ingestion: the browser keeps it for
 * ten minutes and revalidates it with its ETag.
 */
export type SummaryView = z.infer<typeof SummaryResponse>;

export const ANALYSIS_STALE_MS = 10 * 60_000;

export const useAnalysisSummary = (underlying: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.analysis.summary(underlying),
    queryFn: ({ signal }) => api.get<SummaryView>(`/api/analysis/${encodeURIComponent(underlying)}/summary`, undefined, signal),
    staleTime: ANALYSIS_STALE_MS,
    enabled: enabled && !!underlying,
  });
