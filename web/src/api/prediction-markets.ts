import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { predictionApi } from '@shared/prediction/prediction.api';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The demo prediction markets (issue 36): the markets made from one tracked underlying's option chains (the list is read
 * an underlying at a time, with the underlyings that have markets for the page's tabs), one market (or
 * a ladder) with its book and fair values, and the calibration over the settled markets. The types are the area's HTTP
 * contract (shared/prediction/prediction.api.ts). The markets are made again after each ingestion, so a read keeps
 * for half a minute; the learner's own account is in prediction-account.ts.
 */
type Api = typeof predictionApi;
export type MarketsList = ResponseOf<Api['GET /api/predictions/markets']>;
export type ExpiryGroup = MarketsList['groups'][number];
export type MarketSummary = ExpiryGroup['above'][number];
export type MarketDetail = ResponseOf<Api['GET /api/predictions/markets/{marketId}']>;
export type FairValues = NonNullable<MarketDetail['fairValues']>;
export type FairValueFigure = FairValues['atmIv'];
export type DistributionBar = NonNullable<MarketDetail['ladder']>['bars'][number];
export type Calibration = ResponseOf<Api['GET /api/predictions/calibration']>;
export type CalibrationBucket = Calibration['buckets'][number];
export type Resolution = MarketSummary['resolution'];

/** One underlying's markets; null asks for the one the server shows first (SPY when it has markets). */
export const getMarkets = (underlying: string | null, signal?: AbortSignal) =>
  api.get<MarketsList>('/api/predictions/markets', underlying === null ? undefined : { underlying }, signal);
export const marketsQueryOptions = (underlying: string | null) =>
  queryOptions({ queryKey: queryKeys.prediction.marketsOf(underlying), queryFn: ({ signal }) => getMarkets(underlying, signal), staleTime: 30_000 });
/** The list of one underlying; while another underlying's list loads, the one shown stays (its tabs with it). */
export const usePredictionMarkets = (underlying: string | null) => useQuery({ ...marketsQueryOptions(underlying), placeholderData: keepPreviousData });

export const getMarket = (marketId: string, signal?: AbortSignal) =>
  api.get<MarketDetail>(`/api/predictions/markets/${encodeURIComponent(marketId)}`, undefined, signal);
export const marketQueryOptions = (marketId: string) =>
  queryOptions({ queryKey: queryKeys.prediction.market(marketId), queryFn: ({ signal }) => getMarket(marketId, signal), staleTime: 30_000 });
export const usePredictionMarket = (marketId: string) => useQuery({ ...marketQueryOptions(marketId), enabled: marketId !== '' });

export const getCalibration = (signal?: AbortSignal) => api.get<Calibration>('/api/predictions/calibration', undefined, signal);
export const calibrationQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.prediction.calibration(), queryFn: ({ signal }) => getCalibration(signal), staleTime: 60_000 });
export const usePredictionCalibration = () => useQuery(calibrationQueryOptions());
