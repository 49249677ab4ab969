import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, type Task, type TaskStatus } from '@verdant/contract';
import { Button, EmptyState, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { tasksQuery, type TaskScope } from '../../../api/queries/tasks';
import { cn } from '../../../lib/cn';
import { useChangeTask } from '../api/use-task-writes';
import { shortTitle } from '../lib/task-text';
import { Segmented } from './segmented';
import { TaskCard } from './task-card';
import { TaskBulkBar } from './task-bulk-bar';

export interface TaskBoardProps {
  companyId: number;
  scope: TaskScope;
  onOpen: (task: Task) => void;
}

/** Three columns by status on a wide screen; on a phone one list at a time, the status chosen above it. */
export function TaskBoard({ companyId, scope, onOpen }: TaskBoardProps) {
  const { t } = useTranslation('tasks');
  const [shown, setShown] = useState<TaskStatus>('open');
  // Choosing tasks for a change of many (assign or close them at once): null when not choosing.
  const [chosen, setChosen] = useState<ReadonlySet<number> | null>(null);
  const toggle = (task: Task) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(task.response_id)) next.delete(task.response_id);
      else next.add(task.response_id);
      return next;
    });
  const toast = useToast();
  const change = useChangeTask(companyId);

  const setStatus = (task: Task, status: TaskStatus) =>
    change.mutate(
      { task, change: { status }, label: t('outbox.status', { title: shortTitle(task.title), status: t(`status.${status}`) }) },
      {
        onSuccess: (res) => {
          if (res.queued) toast.info(t('detail.queued'));
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );

  return (
    <section aria-label={t('board.label')} className="flex flex-col gap-3">
      {chosen ? (
        <TaskBulkBar companyId={companyId} chosen={[...chosen]} onClear={() => setChosen(new Set())} onDone={() => setChosen(null)} />
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setChosen(new Set())}>
          {t('bulk.start')}
        </Button>
      )}
      <Segmented
        className="md:hidden"
        label={t('board.pickStatus')}
        value={shown}
        onChange={setShown}
        options={TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <div className="grid gap-4 md:grid-cols-3">
        {TASK_STATUSES.map((status) => (
          <TaskColumn
            key={status}
            companyId={companyId}
            scope={scope}
            status={status}
            className={status === shown ? undefined : 'hidden md:flex'}
            onOpen={onOpen}
            onStatus={setStatus}
            chosen={chosen}
            onToggle={toggle}
          />
        ))}
      </div>
    </section>
  );
}

interface TaskColumnProps {
  companyId: number;
  scope: TaskScope;
  status: TaskStatus;
  className?: string;
  onOpen: (task: Task) => void;
  onStatus: (task: Task, status: TaskStatus) => void;
  /** The tasks chosen for a change of many; null when not choosing. */
  chosen: ReadonlySet<number> | null;
  onToggle: (task: Task) => void;
}

function TaskColumn({ companyId, scope, status, className, onOpen, onStatus, chosen, onToggle }: TaskColumnProps) {
  const { t } = useTranslation('tasks');
  const [page, setPage] = useState(1);
  const list = useQuery({ ...tasksQuery(companyId, scope, status, page), placeholderData: (prev) => prev });
  const name = t(`status.${status}`);
  const heading =
    list.data?.total !== null && list.data?.total !== undefined ? t('board.column', { status: name, count: list.data.total }) : t('board.columnNoCount', { status: name });

  return (
    <section aria-label={name} data-testid={`task-column-${status}`} className={cn('flex min-w-0 flex-col gap-2 rounded-xl bg-stone-50 p-3', className)}>
      <h2 className="text-sm font-semibold text-stone-900">{heading}</h2>
      {list.isPending ? (
        <LoadingState className="flex items-center gap-3 py-6 text-sm text-stone-700" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.tasks.length === 0 ? (
        <EmptyState title={scope.kind === 'mine' ? t('board.emptyMine') : t('board.emptyAll')} className="py-6" />
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.tasks.map((task) => (
            <li key={task.task_id} className={chosen ? 'flex items-start gap-2' : undefined}>
              {chosen && (
                <label className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
                  <input
                    type="checkbox"
                    className="size-5 accent-blue-700"
                    aria-label={t('bulk.choose', { title: task.title })}
                    checked={chosen.has(task.response_id)}
                    onChange={() => onToggle(task)}
                  />
                </label>
              )}
              <div className="min-w-0 flex-1">
                <TaskCard task={task} onOpen={() => onOpen(task)} onStatus={(s) => onStatus(task, s)} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && (page > 1 || list.data.hasMore) && (
        <div className="flex items-center justify-between gap-2 pt-1">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            {t('board.previous')}
          </Button>
          <span className="text-xs text-stone-700">{t('board.pageOf', { page })}</span>
          <Button variant="secondary" size="sm" disabled={!list.data.hasMore} onClick={() => setPage((p) => p + 1)}>
            {t('board.next')}
          </Button>
        </div>
      )}
    </section>
  );
}
