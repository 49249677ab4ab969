import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thresholdsMessages, type ActionThreshold, type ThresholdLevel } from '@verdant/contract';
import { Badge, Button, ConfirmDialog, useToast, type BadgeTone } from '../../../components/ui';
import { translateServerMessage } from '../../../lib/server-message';
import { useDeleteThreshold } from '../api/use-threshold-writes';
import { useProblemLook } from '../../../components/problem-look';

const TONE: Record<ThresholdLevel, BadgeTone> = { green: 'success', amber: 'warning', red: 'danger' };
const DOT: Record<ThresholdLevel, string> = { green: 'bg-green-600', amber: 'bg-amber-500', red: 'bg-red-600' };

/** A threshold's level now, in words (never colour alone). */
export function LevelBadge({ level }: { level: ThresholdLevel }) {
  const { t } = useTranslation('thresholds');
  return (
    <Badge tone={TONE[level]}>
      <span aria-hidden="true" className={`size-2 rounded-full ${DOT[level]}`} />
      {t(`level.${level}`)}
    </Badge>
  );
}

interface RowProps {
  companyId: number;
  threshold: ActionThreshold;
  isAdmin: boolean;
  onEdit: (t: ActionThreshold) => void;
}

function ThresholdRow({ companyId, threshold: th, isAdmin, onEdit }: RowProps) {
  const { t } = useTranslation('thresholds');
  const toast = useToast();
  const remove = useDeleteThreshold(companyId);
  const [confirming, setConfirming] = useState(false);
  const problem = useProblemLook(companyId).name(th.problem);
  const server = (message: string) => translateServerMessage(message, thresholdsMessages, t, 'thresholds:server');
  const rule = t(`rule.${th.metric}`, { count: th.amber, amber: th.amber, red: th.red, hours: th.window_hours });
  const where = [th.room_name ?? t('list.allRooms'), th.crop_status ? t('list.cropStatus', { status: th.crop_status }) : null].filter(Boolean).join(' · ');

  const onDelete = () =>
    remove.mutate(th.threshold_id, {
      onSuccess: (res) => toast.success(server(res.message)),
      onError: (err) => toast.danger(server(err.message)),
      onSettled: () => setConfirming(false),
    });

  return (
    <li className="px-4 py-4 sm:px-5" data-testid="threshold">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-base font-semibold text-stone-900">{problem}</p>
            <LevelBadge level={th.level} />
          </div>
          <p className="text-sm text-stone-700">{rule}</p>
          <p className="text-sm text-stone-600">{where}</p>
          <p className="text-sm text-stone-600">
            {th.notification_id !== null ? t('list.alerts', { id: th.notification_id }) : t('list.noAlerts')}
            {th.create_task && th.assign_to !== null && (
              <>
                <span aria-hidden="true"> · </span>
                {t('list.task', { name: th.assign_to_name ?? t('list.someone') })}
              </>
            )}
          </p>
        </div>
        {isAdmin && (
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" className="flex-1 sm:flex-none" aria-label={t('list.editLabel', { problem })} onClick={() => onEdit(th)}>
              {t('list.edit')}
            </Button>
            <Button variant="secondary" className="flex-1 sm:flex-none" aria-label={t('list.deleteLabel', { problem })} onClick={() => setConfirming(true)}>
              {t('list.delete')}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        destructive
        loading={remove.isPending}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.text', { problem })}
        confirmLabel={t('confirmDelete.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </li>
  );
}

interface Props {
  companyId: number;
  thresholds: ActionThreshold[];
  isAdmin: boolean;
  onEdit: (t: ActionThreshold) => void;
}

/** The company's thresholds, each with its level now; Admins edit and delete. */
export function ThresholdList({ companyId, thresholds, isAdmin, onEdit }: Props) {
  const { t } = useTranslation('thresholds');
  return (
    <ul className="divide-y divide-stone-200" aria-label={t('list.title')}>
      {thresholds.map((th) => (
        <ThresholdRow key={th.threshold_id} companyId={companyId} threshold={th} isAdmin={isAdmin} onEdit={onEdit} />
      ))}
    </ul>
  );
}
