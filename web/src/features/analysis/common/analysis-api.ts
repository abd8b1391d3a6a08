import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EventsResponse, HeatmapResponse, RegimeResponse, SentimentResponse } from '@shared/analysis/analysis.api';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

/**
 * The end-of-day analysis API (GET /api/analysis/…, public; shared/analysis/analysis.api.ts). The answers change once a
 * day, with the ingestion: the browser keeps them for ten minutes and revalidates them with their ETags.
 */
// The summary is read by the price chart too (web/src/components/charts), so its query sits in web/src/api.
export { useAnalysisSummary, type SummaryView } from '@web/api/analysis-summary';
export type SentimentView = z.infer<typeof SentimentResponse>;
export type EventsView = z.infer<typeof EventsResponse>;
export type RegimeView = z.infer<typeof RegimeResponse>;
export type HeatmapView = z.infer<typeof HeatmapResponse>;

const STALE = 10 * 60_000;
const path = (underlying: string, what: string) => `/api/analysis/${encodeURIComponent(underlying)}/${what}`;

export const useSentiment = (underlying: string) =>
  useQuery({
    queryKey: queryKeys.analysis.sentiment(underlying),
    queryFn: ({ signal }) => api.get<SentimentView>(path(underlying, 'sentiment'), undefined, signal),
    staleTime: STALE,
  });
export const useEvents = (underlying: string) =>
  useQuery({
    queryKey: queryKeys.analysis.events(underlying),
    queryFn: ({ signal }) => api.get<EventsView>(path(underlying, 'events'), undefined, signal),
    staleTime: STALE,
  });
export const useRegime = (underlying: string) =>
  useQuery({
    queryKey: queryKeys.analysis.regime(underlying),
    queryFn: ({ signal }) => api.get<RegimeView>(path(underlying, 'regime'), undefined, signal),
    staleTime: STALE,
  });
export const useHeatmap = () =>
  useQuery({
    queryKey: queryKeys.analysis.heatmap(),
    queryFn: ({ signal }) => api.get<HeatmapView>('/api/analysis/heatmap', undefined, signal),
    staleTime: STALE,
  });
