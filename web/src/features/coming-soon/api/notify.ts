import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { communityApi } from '@shared/community/community.api';
import { api } from '@web/lib/api-client';

type Subscribed = ResponseOf<(typeof communityApi)['POST /api/community/notify']>;

/** The address is the signed-in learner's own, taken by the server from the token; the body carries the consent only. */
export const subscribeToLaunch = () => api.post<Subscribed>('/api/community/notify', { consent: true });

export const useNotifySignup = () => useMutation({ mutationFn: subscribeToLaunch });
