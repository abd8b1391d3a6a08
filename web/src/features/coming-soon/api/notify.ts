import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export const subscribeToLaunch = (email: string) => api.post<{ subscribed: true }>('/api/community/notify', { email, consent: true });

/** Only called when the visitor ticked the consent box; without it nothing leaves the browser. */
export const useNotifySignup = () => useMutation({ mutationFn: subscribeToLaunch });
