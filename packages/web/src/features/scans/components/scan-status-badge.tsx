import { useTranslation } from 'react-i18next';
import type { ScanStatus } from '@verdant/contract';
import { Badge, type BadgeTone } from '../../../components/ui';

const TONE: Record<ScanStatus, BadgeTone> = { needs_review: 'warning', uncertain: 'warning', reviewed: 'success', clear: 'success' };

/** A scan's status as the history and the scan page show it; "Not sure: check by eye" is never shown as clear. */
export function ScanStatusBadge({ status }: { status: ScanStatus }) {
  const { t } = useTranslation('scans');
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}
