import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui';
import { isBuiltInStatus, statusTone } from '../lib/batch-status';

/** The status as a badge, led by a dot in the batch's own colour. */
export function BatchStatusBadge({ status, color }: { status: string; color?: string | null }) {
  const { t } = useTranslation('batches');
  return (
    <Badge tone={statusTone(status)}>
      {color && <span aria-hidden="true" className="size-2.5 rounded-full ring-1 ring-black/10" style={{ backgroundColor: color }} />}
      {isBuiltInStatus(status) ? t(`status.${status}`, { defaultValue: status }) : status}
    </Badge>
  );
}

/** Translated label of a status for pickers. */
export function useStatusLabel() {
  const { t } = useTranslation('batches');
  return (status: string) => (isBuiltInStatus(status) ? t(`status.${status}`, { defaultValue: status }) : status);
}
