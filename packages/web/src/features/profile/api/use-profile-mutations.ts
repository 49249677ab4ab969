import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@verdant/contract';
import { setUserLanguage, updateLocation, updateThreshold } from '../../../api/users';
import { userKeys } from '../../../api/queries/users';
import { useAppDispatch } from '../../../state/hooks';
import { languageChanged } from '../../../state/preferences-slice';

export function useUpdateLocation(userId: number, companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (location: string) => updateLocation(userId, location),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.data(userId, companyId) }),
  });
}

/** Writes the threshold back; failures are logged by the API function and reported as `false`. */
export function useUpdateThreshold(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) => updateThreshold(userId, threshold),
    onSuccess: (saved, threshold) => {
      if (saved) queryClient.setQueryData(userKeys.threshold(userId), threshold);
    },
  });
}

/**
 * Chooses the user's own language (null: the company's again) and applies it at once; every cached
 * answer is refetched, because the server writes the plant-problem library in the reader's language.
 */
export function useSetOwnLanguage(userId: number, companyId: number) {
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  return useMutation({
    mutationFn: (language: Language | null) => setUserLanguage(userId, language),
    onSuccess: (answer) => {
      queryClient.setQueryData(userKeys.language(userId, companyId), answer);
      dispatch(languageChanged(answer.effective_language));
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'users' || q.queryKey[2] !== 'language' });
    },
  });
}
