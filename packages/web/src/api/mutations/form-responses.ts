import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitFormResponse, type FormSubmission, type SubmitOutcome } from '../form-responses';
import { roomKeys } from '../queries/rooms';
import { invalidateProblems } from '../queries/problems';
import { scoutingCoverageKeys } from '../queries/scouting-coverage';

function boxesOf(submission: FormSubmission): number[] {
  if (submission.kind === 'box') return submission.GridBoxID ? [submission.GridBoxID] : [];
  if (submission.kind === 'boxes') return submission.GridBoxIDs;
  return [];
}

/**
 * The one submit of a filled-in form (the box panel's and the form builder's): through the offline-aware
 * queue (online: at once; offline: kept on this device). On a real send the responses of the boxes it
 * was for and every problem view (map, box and room lists, observations) refetch.
 */
export function useSubmitForm(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The queue decides what happens offline (keeps the form on this device); TanStack must not pause
    // the submit until the connection is back, or nothing is kept and the screen waits.
    networkMode: 'always',
    mutationFn: (submission: FormSubmission): Promise<SubmitOutcome> => submitFormResponse(submission),
    onSuccess: (outcome, submission) => {
      if (outcome.queued) return;
      void invalidateProblems(queryClient, companyId);
      void queryClient.invalidateQueries({ queryKey: scoutingCoverageKeys.all(companyId) });
      for (const id of boxesOf(submission)) void queryClient.invalidateQueries({ queryKey: roomKeys.boxResponses(companyId, id) });
    },
  });
}
