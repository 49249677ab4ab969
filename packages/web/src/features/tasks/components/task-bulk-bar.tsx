import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, ConfirmDialog, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { usersListQuery } from '../../../api/queries/users';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useBulkTasks, useUndoBulkTasks, type BulkTaskAction } from '../api/use-bulk-tasks';
import { personName } from '../lib/task-text';

/**
 * The chosen tasks' actions: assign them all to one person or close them all, in one change (all or nothing),
 * and undo the last change. Online only (a change of many is not queued: docs/decisions.md).
 */
export function TaskBulkBar({ companyId, chosen, onClear, onDone }: { companyId: number; chosen: number[]; onClear: () => void; onDone: () => void }) {
  const { t } = useTranslation('tasks');
  const toast = useToast();
  const online = useOnlineStatus();
  const users = useQuery(usersListQuery(companyId));
  const bulk = useBulkTasks(companyId);
  const undo = useUndoBulkTasks(companyId);
  const [assignee, setAssignee] = useState('');
  const [closing, setClosing] = useState(false);
  const [applied, setApplied] = useState<{ changeId: number; count: number } | null>(null);
  const count = chosen.length;

  const run = (change: BulkTaskAction) =>
    bulk.mutate(
      { taskIds: chosen, change },
      {
        onSuccess: (made) => {
          setApplied({ changeId: made.change_id, count: made.count });
          toast.success(t('bulk.applied', { count: made.count }));
          onClear();
        },
      },
    );
  const onUndo = () =>
    applied &&
    undo.mutate(applied.changeId, {
      onSuccess: () => {
        setApplied(null);
        toast.success(t('bulk.undone'));
      },
      onError: (err) => toast.danger(t('bulk.undoFailed', { reason: errorMessage(err) })),
    });

  const people = (users.data ?? []).filter((u) => u.active);
  return (
    <div role="region" aria-label={t('bulk.region')} className="flex flex-col gap-2 rounded-lg bg-blue-50 p-3 ring-1 ring-blue-300">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-medium text-blue-950">
          {t('bulk.count', { count })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={count === 0} onClick={onClear}>
            {t('bulk.clear')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('bulk.done')}
          </Button>
        </div>
      </div>
      {count === 0 && !applied && <p className="text-sm text-blue-950">{t('bulk.help')}</p>}
      <div className="flex flex-wrap items-end gap-2">
        <Select
          label={t('bulk.assignTo')}
          value={assignee}
          disabled={users.isPending}
          onChange={(e) => setAssignee(e.target.value)}
          options={[{ value: '', label: t('bulk.choosePerson') }, ...people.map((u) => ({ value: String(u.user_id), label: personName(u) ?? u.email }))]}
        />
        <Button disabled={count === 0 || !assignee || !online || bulk.isPending} onClick={() => run({ action: 'assign', assigneeId: Number(assignee) })}>
          {t('bulk.assign', { count })}
        </Button>
        <Button variant="secondary" disabled={count === 0 || !online || bulk.isPending} onClick={() => setClosing(true)}>
          {t('bulk.close', { count })}
        </Button>
      </div>
      {!online && <p className="text-sm text-amber-900">{t('bulk.offline')}</p>}
      {users.isError && <Alert tone="warning">{t('detail.usersFailed', { message: errorMessage(users.error) })}</Alert>}
      {bulk.isError && (
        <Alert tone="danger" title={t('bulk.failed')}>
          {errorMessage(bulk.error)}
        </Alert>
      )}
      {applied && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white/80 px-3 py-2 ring-1 ring-blue-200">
          <p className="text-sm font-medium text-stone-900">{t('bulk.applied', { count: applied.count })}</p>
          <Button variant="secondary" disabled={undo.isPending || !online} onClick={onUndo}>
            {t('bulk.undo')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={closing}
        onCancel={() => setClosing(false)}
        title={t('bulk.closeTitle', { count })}
        description={t('bulk.closeBody')}
        confirmLabel={t('bulk.close', { count })}
        onConfirm={() => {
          setClosing(false);
          run({ action: 'close' });
        }}
      />
    </div>
  );
}
