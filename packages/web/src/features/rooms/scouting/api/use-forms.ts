import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, FormTemplate, TemplateType } from '@verdant/contract';
import { photosOf, toFieldResponses, type FormAnswers } from '../../../../components/form-renderer';
import type { FormSubmission, SubmissionPlace } from '../../../../api/form-responses';
import { addComment, deleteComment, editComment } from '../../../../api/comments';
import { commentKeys } from '../../../../api/queries/comments';
import { roomKeys } from '../../../../api/queries/rooms';

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
export function toSubmission({ place, template, answers, label }: SubmitAnswersInput, userId: number): FormSubmission {
  return {
    ...place,
    submittedBy: userId,
    templateID: template.TemplateID,
    fieldResponses: toFieldResponses(answers),
    photos: photosOf(answers).map((p) => ({ fieldID: p.fieldID, file: p.image })),
    label,
  };
}

export function useCommentMutations(companyId: number, responseId: number, userId: number) {
  const queryClient = useQueryClient();
  const key = commentKeys.list(companyId, responseId);
  // The spec's list rules: a new comment is appended, an edited one has its text replaced, a deleted one is removed.
  const update = (change: (list: Comment[]) => Comment[]) => {
    queryClient.setQueryData<Comment[]>(key, (old) => change(old ?? []));
    // comment_count on the responses.
    void queryClient.invalidateQueries({ queryKey: roomKeys.boxResponsesAll(companyId) });
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
