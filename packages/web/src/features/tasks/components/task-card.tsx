import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, type Task, type TaskStatus } from '@verdant/contract';
import { Badge, Select } from '../../../components/ui';
import { personName, statusOf, STATUS_TONE } from '../lib/task-text';
import { useFormatDate, useFormatDay } from '../../../lib/format-date';

export interface TaskCardProps {
  task: Task;
  onOpen: () => void;
  onStatus: (status: TaskStatus) => void;
}

/** One task on the board: its title (opens it), form, assignee, and its status to change in place. */
export function TaskCard({ task, onOpen, onStatus }: TaskCardProps) {
  const { t } = useTranslation('tasks');
  const day = useFormatDay();
  const moment = useFormatDate();
  const status = statusOf(task);
  const who = personName(task.assignee);
  // The task's place is inside a treatment's re-entry interval (the server answers only running ones): whoever does
  // it must not go in before this. A done task needs no warning.
  const noEntryUntil = status !== 'done' && task.no_entry_until && Date.parse(task.no_entry_until) > Date.now() ? task.no_entry_until : null;

  return (
    <article data-testid="task-card" className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('card.open', { title: task.title })}
        className="min-h-11 text-left text-sm font-semibold break-words text-stone-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {task.title}
      </button>
      <div className="flex flex-wrap items-center gap-2 text-xs text-stone-700">
        <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>
        <span>{who ? t('card.assignedTo', { name: who }) : t('card.unassigned')}</span>
      </div>
      {noEntryUntil && (
        <p className="text-xs" data-testid="task-no-entry">
          <Badge tone="danger">
            {t('card.noEntryUntil')} <time dateTime={noEntryUntil}>{moment(noEntryUntil)}</time>
          </Badge>
        </p>
      )}
      {/* When it is due, in the user's language and the app's one date style; a task without one says so. */}
      <p className="text-xs text-stone-600">
        {task.due_date ? (
          <>
            {t('card.due')} <time dateTime={task.due_date}>{day(task.due_date)}</time>
          </>
        ) : (
          t('card.noDue')
        )}
      </p>
      <Select
        aria-label={t('card.statusOf', { title: task.title })}
        value={status}
        onChange={(e) => onStatus(e.target.value as TaskStatus)}
        options={TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
    </article>
  );
}
