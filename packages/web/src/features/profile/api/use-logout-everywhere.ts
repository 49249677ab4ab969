import { useMutation } from '@tanstack/react-query';
import { logoutEverywhere } from '../../../api/auth';
import { endSession } from '../../../lib/session';

/**
 * Ends every session of the user on the server, then this one here (which clears the query cache
 * and leaves the page, so `onDone` gets the server's message before that happens).
 */
export function useLogoutEverywhere(onDone?: (message: string) => void) {
  return useMutation({
    mutationFn: () => logoutEverywhere(),
    onSuccess: (message) => {
      onDone?.(message);
      endSession();
    },
  });
}
