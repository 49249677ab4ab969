import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatDay } from '../../../lib/format-date';
import { ADMIN_ROLES, TASK_DESCRIPTION_MAX, TASK_STATUSES, TASK_TITLE_MAX, type Task, type TaskStatus } from '@verdant/contract';
import { Alert, Button, ConfirmDialog, Dialog, Input, Select, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { usersListQuery } from '../../../api/queries/users';
import { useAuth } from '../../../state/hooks';
import { taskAfter, useChangeTask, useDeleteTask, type TaskChange } from '../api/use-task-writes';
import { personName, shortTitle, statusOf } from '../lib/task-text';
import { CommentThread } from '../../../components/comment-thread/comment-thread';

export interface TaskDialogProps {
  companyId: number;
  task: Task | null;
  onClose: () => void;
}

/** A task opened from the board: title and description, status, assignee, comments, and delete. */
export function TaskDialog({ companyId, task, onClose }: TaskDialogProps) {
  const { t } = useTranslation('tasks');
  return (
    <Dialog open={task !== null} onClose={onClose} title={task?.title ?? t('title')} className="max-w-xl">
      {task && <TaskDetail key={task.task_id} companyId={companyId} task={task} onClose={onClose} />}
    </Dialog>
  );
}

function TaskDetail({ companyId, task: opened, onClose }: { companyId: number; task: Task; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const formatDate = useFormatDate();
  const day = useFormatDay();
  const toast = useToast();
  const { userId, userRole } = useAuth();
  const [task, setTask] = useState(opened);
  const [title, setTitle] = useState(opened.title);
  const [description, setDescription] = useState(opened.description);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const users = useQuery(usersListQuery(companyId));
  const change = useChangeTask(companyId);
  const remove = useDeleteTask(companyId);
  const canDelete = task.submitted_by === userId || (userRole !== null && ADMIN_ROLES.includes(userRole));

  useEffect(() => setTask(opened), [opened]);

  const apply = (what: TaskChange, label: string, onDone?: () => void) => {
    const before = task;
    setTask(taskAfter(task, what));
    change.mutate(
      { task, change: what, label },
      {
        onSuccess: (res) => {
          setTask(res.task);
          if (res.queued) toast.info(t('detail.queued'));
          else toast.success(t('detail.saved'));
          onDone?.();
        },
        onError: (err) => {
          setTask(before);
          toast.danger(errorMessage(err));
        },
      },
    );
  };

  const name = shortTitle(task.title);
  const saveText = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!title.trim()) return;
    apply({ title: title.trim(), description: description.trim() }, t('outbox.retitle', { title: shortTitle(title.trim()) }));
  };
  const setStatus = (status: TaskStatus) => apply({ status }, t('outbox.status', { title: name, status: t(`status.${status}`) }));
  const setAssignee = (value: string) => {
    const user = users.data?.find((u) => String(u.user_id) === value) ?? null;
    const assignee = user ? { user_id: user.user_id, first_name: user.first_name, last_name: user.last_name } : null;
    apply({ assignee }, assignee ? t('outbox.assign', { title: name, name: personName(assignee) }) : t('outbox.unassign', { title: name }));
  };

  const people = (users.data ?? []).filter((u) => u.active || u.user_id === task.assignee?.user_id);
  const assigneeOptions = [
    { value: '', label: t('detail.nobody') },
    ...people.map((u) => ({ value: String(u.user_id), label: personName(u) ?? u.email })),
  ];
  if (task.assignee && !people.some((u) => u.user_id === task.assignee?.user_id)) {
    assigneeOptions.push({ value: String(task.assignee.user_id), label: personName(task.assignee) ?? `#${task.assignee.user_id}` });
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-stone-700">
        {t('detail.form', { name: task.template_name })} · {t('detail.submitted', { date: formatDate(task.submitted_at) })}
        {task.due_date && <> · {t('card.due')} {day(task.due_date)}</>}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={t('detail.status')}
          value={statusOf(task)}
          onChange={(e) => setStatus(e.target.value as TaskStatus)}
          options={TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Select
          label={t('detail.assignee')}
          value={task.assignee ? String(task.assignee.user_id) : ''}
          disabled={users.isPending}
          onChange={(e) => setAssignee(e.target.value)}
          options={assigneeOptions}
        />
      </div>
      {users.isError && <Alert tone="warning">{t('detail.usersFailed', { message: errorMessage(users.error) })}</Alert>}
      <form onSubmit={saveText} noValidate className="flex flex-col gap-3">
        <Input
          label={t('detail.titleLabel')}
          value={title}
          required
          maxLength={TASK_TITLE_MAX}
          error={tried && !title.trim() ? t('detail.titleRequired') : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Textarea
          label={t('detail.descriptionLabel')}
          value={description}
          rows={3}
          maxLength={TASK_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div>
          <Button type="submit" variant="secondary" loading={change.isPending && 'title' in (change.variables?.change ?? {})}>
            {t('detail.save')}
          </Button>
        </div>
      </form>
      <CommentThread companyId={companyId} responseId={task.response_id} headingLevel={3} />
      {canDelete && (
        <div className="border-t border-stone-200 pt-4">
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('detail.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        destructive
        loading={remove.isPending}
        title={t('detail.deleteTitle')}
        description={t('detail.deleteBody', { title: task.title })}
        confirmLabel={t('detail.delete')}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(task.task_id, {
            onSuccess: () => {
              toast.success(t('detail.deleted'));
              setConfirming(false);
              onClose();
            },
            onError: (err) => {
              toast.danger(errorMessage(err));
              setConfirming(false);
            },
          })
        }
      />
    </div>
  );
}
