import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@shared/users/profile';
import type { ProfilePatch } from '@shared/users/profile-settings';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The signed-in learner and their profile item (GET /api/me), for the dashboard's greeting, the profile and the
 * settings. GET /api/me only reads: a learner whose profile is not stored yet (just signed up: no public id) has it
 * stored here, once, with PUT /api/me.
 */
export const getMe = async () => {
  const me = await api.get<Me>('/api/me');
  return me.profile.publicId ? me : api.put<Me>('/api/me');
};

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.me(), queryFn: getMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());

/** PATCH /api/me/profile: name, bio, avatar, visibility and display settings (the profile and the settings both change them). */
export const updateProfile = (patch: ProfilePatch) => api.patch<Me>('/api/me/profile', patch);

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      client.setQueryData(queryKeys.me(), me);
      // The public profile and the leaderboards show the name and the visibility just changed.
      void client.invalidateQueries({ queryKey: queryKeys.people() });
      void client.invalidateQueries({ queryKey: queryKeys.gamification.all });
    },
  });
}
