import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, type TaskTemplate } from '@verdant/contract';
import { Alert, Button, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { taskTemplatesQuery } from '../../../api/queries/tasks';
import { useAuth } from '../../../state/hooks';
import { useDeleteTaskTemplate } from '../api/use-task-templates';
import { personName } from '../lib/task-text';
import { TemplateForm } from './template-form';

/** The company's recurring tasks (task automations): everyone sees them, an Admin adds and deletes. */
export function TaskTemplates({ companyId }: { companyId: number }) {
  const { t } = useTranslation('tasks');
  const toast = useToast();
  const { userRole } = useAuth();
  const isAdmin = userRole !== null && ADMIN_ROLES.includes(userRole);
  const list = useQuery(taskTemplatesQuery(companyId));
  const remove = useDeleteTaskTemplate(companyId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TaskTemplate | null>(null);

  const when = (tpl: TaskTemplate) => {
    const frequency = t(`recurring.frequencies.${tpl.frequency}`);
    if (tpl.frequency === 'daily' || tpl.weekdays.length === 0) return t('recurring.when', { frequency, time: tpl.time_of_day });
    const days = tpl.weekdays.map((d) => t(`recurring.days.${d}`)).join(', ');
    return t('recurring.whenDays', { frequency, days, time: tpl.time_of_day });
  };

  return (
    <Card
      title={t('recurring.title')}
      description={t('recurring.description')}
    >
      <div className="flex flex-col gap-4">
        {!isAdmin && <Alert tone="info">{t('recurring.adminOnly')}</Alert>}
        {isAdmin &&
          (adding ? (
            <TemplateForm companyId={companyId} onDone={() => setAdding(false)} />
          ) : (
            <div>
              <Button onClick={() => setAdding(true)}>{t('recurring.add')}</Button>
            </div>
          ))}
        {list.isPending && list.fetchStatus === 'paused' ? (
          <p className="text-sm text-stone-600">{t('waitingForConnection')}</p>
        ) : list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState title={t('recurring.empty')} />
        ) : (
          <ul className="flex flex-col divide-y divide-stone-200" aria-label={t('recurring.title')}>
            {list.data.map((tpl) => {
              const who = personName(tpl.assignee);
              return (
                <li key={tpl.id} data-testid="task-template" className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-stone-900">{tpl.title}</p>
                    <p className="text-sm text-stone-700">
                      {when(tpl)} · {tpl.template_name}
                      {who ? ` · ${t('recurring.to', { name: who })}` : ''}
                    </p>
                    {tpl.description && <p className="mt-1 text-sm break-words text-stone-700">{tpl.description}</p>}
                  </div>
                  {isAdmin && (
                    <div className="flex gap-2">
                      <Button variant="secondary" size="sm" aria-label={t('recurring.edit', { title: tpl.title })} onClick={() => setEditing(tpl.id)}>
                        {t('recurring.editShort')}
                      </Button>
                      <Button variant="secondary" size="sm" aria-label={t('recurring.delete', { title: tpl.title })} onClick={() => setDeleting(tpl)}>
                        {t('recurring.deleteConfirm')}
                      </Button>
                    </div>
                  )}
                  {isAdmin && editing === tpl.id && (
                    <div className="w-full">
                      <TemplateForm companyId={companyId} initial={tpl} onDone={() => setEditing(null)} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        destructive
        loading={remove.isPending}
        title={t('recurring.deleteTitle')}
        description={t('recurring.deleteBody', { title: deleting?.title ?? '' })}
        confirmLabel={t('recurring.deleteConfirm')}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(t('recurring.deleted')),
            onError: (err) => toast.danger(errorMessage(err)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Card>
  );
}
