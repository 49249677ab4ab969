import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, thresholdsMessages, type ActionThreshold } from '@verdant/contract';
import { Button, ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { thresholdsQuery } from '../../../api/queries/thresholds';
import { paths } from '../../../lib/paths';
import { translateServerMessage } from '../../../lib/server-message';
import { useAuth } from '../../../state/hooks';
import { ThresholdForm } from './threshold-form';
import { ThresholdList } from './threshold-list';

type Editing = { kind: 'new' } | { kind: 'edit'; threshold: ActionThreshold } | null;

/**
 * Action thresholds (issue 12; docs/decisions.md, "Action thresholds"): per problem, optionally per room and
 * crop status, an amber and a red level on a count or the highest severity over a rolling window. Reached
 * from the automations screen, since crossing one is an alert like the others. Everyone reads; Admins edit.
 */
export default function ThresholdsPage() {
  const { t } = useTranslation('thresholds');
  const { companyID, userId, userRole } = useAuth();
  const isAdmin = userRole !== null && ADMIN_ROLES.includes(userRole);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useQuery({ ...thresholdsQuery(companyID ?? 0), enabled: Boolean(companyID) });

  if (!companyID || !userId) return null;

  const newButton = isAdmin && editing === null && (
    <Button onClick={() => setEditing({ kind: 'new' })} className="w-full sm:w-auto">
      {t('new')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <ButtonLink to={paths.automations} variant="secondary" className="w-full sm:w-auto">
              {t('toAutomations')}
            </ButtonLink>
            {newButton}
          </div>
        }
      />
      <div className="space-y-6">
        {editing && (
          <ThresholdForm
            key={editing.kind === 'edit' ? editing.threshold.threshold_id : 'new'}
            companyId={companyID}
            userId={userId}
            editing={editing.kind === 'edit' ? editing.threshold : undefined}
            onDone={() => setEditing(null)}
          />
        )}
        <Card title={t('list.title')} description={t('list.description')} padded={false}>
          {list.isPending ? (
            <LoadingState />
          ) : list.isError ? (
            <div className="p-4">
              <ErrorState
                error={new Error(translateServerMessage(list.error.message, thresholdsMessages, t, 'thresholds:server'))}
                onRetry={() => void list.refetch()}
              />
            </div>
          ) : list.data.length === 0 ? (
            <div className="p-4">
              <EmptyState title={t('list.emptyTitle')} description={isAdmin ? t('list.empty') : t('list.emptyReader')} />
            </div>
          ) : (
            <ThresholdList
              companyId={companyID}
              thresholds={list.data}
              isAdmin={isAdmin}
              onEdit={(threshold) => {
                setEditing({ kind: 'edit', threshold });
                window.scrollTo?.({ top: 0, behavior: 'smooth' });
              }}
            />
          )}
        </Card>
        {!isAdmin && <p className="text-sm text-stone-600">{t('readOnly')}</p>}
      </div>
    </>
  );
}
