import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { serviceApi } from '@shared/api/service.api';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

/** This API's OpenAPI 3.1 document (public), which /app/agent shows in its reference viewer. */
export type OpenApiDocument = ResponseOf<(typeof serviceApi)['GET /api/openapi.json']>;

export const getOpenApiDocument = () => api.get<OpenApiDocument>('/api/openapi.json');
/** The document changes only with a deployment: read once a visit. */
export const useOpenApiDocument = () => useQuery({ queryKey: queryKeys.openApiDocument(), queryFn: getOpenApiDocument, staleTime: Infinity });
