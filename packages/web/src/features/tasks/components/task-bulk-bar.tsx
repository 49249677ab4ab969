import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, ConfirmDialog, Select } from '../../../components/ui';
import { BulkBar } from '../../../components/bulk-bar/bulk-bar';
import { useBulkChange } from '../../../components/bulk-bar/use-bulk-change';
import { errorMessage } from '../../../api/api-error';
import { usersListQuery } from '../../../api/queries/users';
import { useBulkTasks, useUndoBulkTasks, type BulkTaskAction } from '../api/use-bulk-tasks';
import { personName } from '../lib/task-text';

/**
 * The chosen tasks' actions: assign them all to one person or close them all, in one change (all or nothing),
 * and undo the last change. Online only (a change of many is not queued: docs/decisions.md).
 */
export function TaskBulkBar({ companyId, chosen, onClear, onDone }: { companyId: number; chosen: number[]; onClear: () => void; onDone: () => void }) {
  const { t } = useTranslation('tasks');
  const users = useQuery(usersListQuery(companyId));
  const bulk = useBulkTasks(companyId);
  const undo = useUndoBulkTasks(companyId);
  const [assignee, setAssignee] = useState('');
  const [closing, setClosing] = useState(false);
  const count = chosen.length;
  const { change, online, barProps } = useBulkChange({ t, count, bulk, undo, onClear });
  const run = (action: BulkTaskAction) => change({ taskIds: chosen, change: action });

  const people = (users.data ?? []).filter((u) => u.active);
  return (
    <BulkBar
      {...barProps}
      count={count}
      onClear={onClear}
      onDone={onDone}
    >
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
      {users.isError && <Alert tone="warning">{t('detail.usersFailed', { message: errorMessage(users.error) })}</Alert>}
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
    </BulkBar>
  );
}
