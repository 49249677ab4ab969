import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, FormTemplate, TemplateType } from '@verdant/contract';
import { photosOf, toFieldResponses, type FormAnswers } from '../../../components/form-renderer';
import { submitFormResponse, type SubmissionPlace, type SubmitOutcome } from '../../../offline/form-queue';
import { getFieldResponsesByGridbox, getStickyTrapHistory } from '../../../api/gridbox-responses';
import { addComment, deleteComment, editComment, getComments } from '../../../api/comments';
import { roomKeys } from './room-keys';
import { useInvalidateProblems } from './use-problems';

/** The box's latest responses shown in its panel. */
export const BOX_RESPONSES_SHOWN = 5;

export const boxResponsesQuery = (companyId: number, boxId: number) =>
  queryOptions({
    queryKey: roomKeys.boxResponses(companyId, boxId),
    queryFn: () => getFieldResponsesByGridbox(boxId, BOX_RESPONSES_SHOWN),
    staleTime: 0,
  });

export const stickyTrapHistoryQuery = (companyId: number, boxId: number, from: string, to: string) =>
  queryOptions({ queryKey: roomKeys.stickyTraps(companyId, boxId, from, to), queryFn: () => getStickyTrapHistory(boxId, from, to) });

export const commentsQuery = (companyId: number, responseId: number) =>
  queryOptions({ queryKey: roomKeys.comments(companyId, responseId), queryFn: () => getComments(responseId), staleTime: 0 });

/** Live templates for a place, the company's default of `preferred` type first, then by name. */
export function templatesFor(templates: readonly FormTemplate[], preferred: TemplateType): FormTemplate[] {
  return templates
    .filter((t) => !t.DeletedAt && t.fields.some((f) => f.IsActive))
    .sort(
      (a, b) =>
        Number(b.DefaultForType === preferred) - Number(a.DefaultForType === preferred) ||
        Number(b.FormCategory === preferred) - Number(a.FormCategory === preferred) ||
        a.TemplateName.localeCompare(b.TemplateName),
    );
}

export interface SubmitAnswersInput {
  place: SubmissionPlace;
  template: FormTemplate;
  answers: FormAnswers;
  label: string;
}

/** What the renderer's answers become for the queue: text answers, and the photos to upload after. */
export function toSubmission({ place, template, answers, label }: SubmitAnswersInput, userId: number) {
  return {
    ...place,
    submittedBy: userId,
    templateID: template.TemplateID,
    fieldResponses: toFieldResponses(answers),
    photos: photosOf(answers).map((p) => ({ fieldID: p.fieldID, file: p.image })),
    label,
  };
}

/**
 * Sends a filled-in form through the offline-aware queue (online: at once; offline: kept on this device).
 * On a real send the box's responses and every problem view refetch.
 */
export function useSubmitAnswers(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  const invalidateProblems = useInvalidateProblems(companyId);
  return useMutation({
    mutationFn: (input: SubmitAnswersInput): Promise<SubmitOutcome> => submitFormResponse(toSubmission(input, userId)),
    onSuccess: (outcome, input) => {
      if (outcome.queued) return;
      void invalidateProblems();
      const boxes = input.place.kind === 'box' ? [input.place.GridBoxID] : input.place.kind === 'boxes' ? input.place.GridBoxIDs : [];
      for (const id of boxes) if (id) void queryClient.invalidateQueries({ queryKey: roomKeys.boxResponses(companyId, id) });
    },
  });
}

export function useCommentMutations(companyId: number, responseId: number, userId: number) {
  const queryClient = useQueryClient();
  const key = roomKeys.comments(companyId, responseId);
  // The spec's list rules: a new comment is appended, an edited one has its text replaced, a deleted one is removed.
  const update = (change: (list: Comment[]) => Comment[]) => {
    queryClient.setQueryData<Comment[]>(key, (old) => change(old ?? []));
    // comment_count on the responses.
    void queryClient.invalidateQueries({ queryKey: [...roomKeys.all(companyId), 'box-responses'] });
  };
  return {
    add: useMutation({
      mutationFn: (text: string) => addComment(responseId, userId, text),
      onSuccess: (c) => update((list) => [...list, c]),
    }),
    edit: useMutation({
      mutationFn: ({ id, text }: { id: number; text: string }) => editComment(id, userId, text),
      onSuccess: (c) => update((list) => list.map((x) => (x.CommentID === c.CommentID ? { ...x, CommentText: c.CommentText, edited: true } : x))),
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteComment(id, userId),
      onSuccess: (_res, id) => update((list) => list.filter((x) => x.CommentID !== id)),
    }),
  };
}
