import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoomThresholdLevel } from '@verdant/contract';
import { roomThresholdLevelsQuery } from '../../api/queries/thresholds';
import { useAuth } from '../../state/hooks';
import { Badge } from '../ui';

/**
 * The rooms over a threshold now, by room id. Staff only: a consultant sees only the rooms shared with them,
 * and the call answers the whole company's, so it is not asked for them.
 */
export function useRoomThresholdLevels(companyId: number) {
  const { userRole } = useAuth();
  return useQuery({ ...roomThresholdLevelsQuery(companyId), enabled: companyId > 0 && userRole !== null && userRole !== 'Consultant' });
}

/** "Red: Thrips over threshold" — the level in words, never colour alone. */
export function ThresholdLevelText({ level, className }: { level: Pick<RoomThresholdLevel, 'level' | 'problems'>; className?: string }) {
  const { t } = useTranslation('threshold-level');
  return (
    <Badge tone={level.level === 'red' ? 'danger' : 'warning'} className={className}>
      <span aria-hidden="true" className={level.level === 'red' ? 'size-2 rounded-full bg-red-600' : 'size-2 rounded-full bg-amber-500'} />
      <span className="whitespace-normal">{t(`over.${level.level}`, { problems: level.problems.join(', '), count: level.problems.length })}</span>
    </Badge>
  );
}

/** A room's action-threshold level (amber or red); nothing while the room is green or the levels are not known. */
export function RoomThresholdBadge({ companyId, roomId, className }: { companyId: number; roomId: number; className?: string }) {
  const levels = useRoomThresholdLevels(companyId);
  const level = levels.data?.get(roomId);
  if (!level) return null;
  return <ThresholdLevelText level={level} className={className} />;
}
