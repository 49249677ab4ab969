import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormTemplate } from '@verdant/contract';
import { ButtonLink, Dialog, EmptyState, ErrorState, LoadingState, Select, Button, useToast } from '../../../components/ui';
import { FormRenderer, photosOf, toFieldResponses, type FormAnswers } from '../../../components/form-renderer';
import { errorMessage } from '../../../api/api-error';
import { useSubmitForm } from '../../../api/mutations/form-responses';
import { formTemplatesQuery } from '../../../api/queries/form-templates';
import { usersListQuery } from '../../../api/queries/users';
import { taskKeys } from '../../../api/queries/tasks';
import { queueAction } from '../../../api/action-queue';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../../state/hooks';
import { isTaskForm, personName, shortTitle } from '../lib/task-text';

export interface NewTaskDialogProps {
  companyId: number;
  open: boolean;
  onClose: () => void;
}

/** A new task: a task form filled in (the one submit of forms, so it waits on this device offline), optionally assigned. */
export function NewTaskDialog({ companyId, open, onClose }: NewTaskDialogProps) {
  const { t } = useTranslation('tasks');
  return (
    <Dialog open={open} onClose={onClose} title={t('create.title')} description={t('create.description')} className="max-w-xl">
      {open && <NewTask companyId={companyId} onDone={onClose} />}
    </Dialog>
  );
}

function NewTask({ companyId, onDone }: { companyId: number; onDone: () => void }) {
  const { t } = useTranslation('tasks');
  const toast = useToast();
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const me = userId ?? 0;
  const forms = useQuery(formTemplatesQuery(companyId));
  const users = useQuery(usersListQuery(companyId));
  const submitForm = useSubmitForm(companyId);
  const [formId, setFormId] = useState<number | null>(null);
  const [assigneeId, setAssigneeId] = useState('');
  const [sending, setSending] = useState(false);

  if (forms.isPending) return <LoadingState />;
  if (forms.isError) return <ErrorState error={forms.error} onRetry={() => void forms.refetch()} />;
  const taskForms = forms.data.templates.filter(isTaskForm);
  if (taskForms.length === 0) {
    return (
      <EmptyState
        title={t('create.noForms')}
        description={t('create.noFormsBody')}
        action={<ButtonLink to={paths.formbuilder}>{t('create.toFormbuilder')}</ButtonLink>}
      />
    );
  }
  const form: FormTemplate = taskForms.find((f) => f.TemplateID === formId) ?? taskForms[0]!;
  const assignee = users.data?.find((u) => String(u.user_id) === assigneeId);

  const send = async (answers: FormAnswers) => {
    setSending(true);
    try {
      const outcome = await submitForm.mutateAsync({
        kind: 'box',
        submittedBy: me,
        templateID: form.TemplateID,
        fieldResponses: toFieldResponses(answers),
        photos: photosOf(answers).map((p) => ({ fieldID: p.fieldID, file: p.image })),
        label: form.TemplateName,
      });
      if (outcome.queued) {
        toast.info(t('create.queued'));
      } else {
        const responseId = outcome.responseIds[0];
        toast.success(t('create.created'));
        // Created either way; an assignment the server refuses is said on its own, and the task stays unassigned.
        if (assignee && responseId) {
          await queueAction(
            'updateTaskFields',
            { response_id: responseId, assignee_id: assignee.user_id },
            { companyId, userId: me, label: t('outbox.assign', { title: shortTitle(form.TemplateName), name: personName(assignee) }) },
          ).catch((err: unknown) => toast.danger(errorMessage(err)));
        }
      }
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists(companyId) });
      onDone();
    } catch (err) {
      toast.danger(errorMessage(err) || t('create.failed'));
      throw err;
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {taskForms.length > 1 && (
        <Select
          label={t('create.form')}
          value={String(form.TemplateID)}
          onChange={(e) => setFormId(Number(e.target.value))}
          options={taskForms.map((f) => ({ value: String(f.TemplateID), label: f.TemplateName }))}
        />
      )}
      <Select
        label={t('create.assignee')}
        value={assigneeId}
        disabled={!users.data}
        onChange={(e) => setAssigneeId(e.target.value)}
        options={[
          { value: '', label: t('detail.nobody') },
          ...(users.data ?? []).filter((u) => u.active).map((u) => ({ value: String(u.user_id), label: personName(u) ?? u.email })),
        ]}
      />
      <FormRenderer
        key={form.TemplateID}
        template={form}
        onSubmit={send}
        submitting={sending}
        submitLabel={t('create.submit')}
        actions={
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('create.cancel')}
          </Button>
        }
      />
    </div>
  );
}
