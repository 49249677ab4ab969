import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '@verdant/contract';
import { Button, PageHeader } from '../../../components/ui';
import type { TaskScope } from '../../../api/queries/tasks';
import { useAuth } from '../../../state/hooks';
import { Segmented } from './segmented';
import { TaskBoard } from './task-board';
import { TaskDialog } from './task-dialog';
import { NewTaskDialog } from './new-task-dialog';
import { TaskTemplates } from './task-templates';

type View = 'mine' | 'all' | 'recurring';

/**
 * /dashboard/tasks: my tasks and all tasks as a board by status (one column at a time on a phone), a
 * task's details with its comments, a new task from a task form, and the recurring tasks.
 */
export default function TasksPage() {
  const { t } = useTranslation('tasks');
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const me = userId ?? 0;
  const [view, setView] = useState<View>('mine');
  const [opened, setOpened] = useState<Task | null>(null);
  const [creating, setCreating] = useState(false);
  const scope: TaskScope = view === 'mine' ? { kind: 'mine', userId: me } : { kind: 'company' };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Button onClick={() => setCreating(true)}>{t('create.open')}</Button>}
      />
      <Segmented
        label={t('views.label')}
        value={view}
        onChange={setView}
        options={(['mine', 'all', 'recurring'] as const).map((v) => ({ value: v, label: t(`views.${v}`) }))}
      />
      {companyId > 0 && me > 0 && (
        <>
          {view === 'recurring' ? (
            <TaskTemplates companyId={companyId} />
          ) : (
            <TaskBoard key={view} companyId={companyId} scope={scope} onOpen={setOpened} />
          )}
          <TaskDialog companyId={companyId} task={opened} onClose={() => setOpened(null)} />
          <NewTaskDialog companyId={companyId} open={creating} onClose={() => setCreating(false)} />
        </>
      )}
    </div>
  );
}
