import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ObservationListItem } from '@verdant/contract';
import { roomQuery } from '../../../api/queries/rooms';
import { observationsQuery } from '../../../api/queries/observations';
import { Badge, Button, Card, EmptyState, ErrorState, LoadingState } from '../../../components/ui';
import { CommentThread } from '../../../components/comment-thread/comment-thread';

function Observation({ companyId, observation }: { companyId: number; observation: ObservationListItem }) {
  const { t, i18n } = useTranslation('consultants');
  const [open, setOpen] = useState(false);
  const when = new Date(observation.ObservedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li data-testid="observation" className="space-y-2 px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-stone-900">{observation.Problem}</p>
          <p className="text-xs text-stone-600">
            {when}
            {observation.ObservedByName ? ` · ${observation.ObservedByName}` : ''}
            {observation.Severity !== null ? ` · ${t('room.severity', { value: observation.Severity })}` : ''}
          </p>
          {(observation.GridName || observation.BoxName) && (
            <p className="text-xs text-stone-600">{[observation.GridName, observation.BoxName].filter(Boolean).join(' · ')}</p>
          )}
        </div>
        <Badge tone={observation.Status === 'open' ? 'warning' : 'neutral'}>{t(`room.status.${observation.Status}`)}</Badge>
      </div>
      {observation.ResponseID !== null && (
        <>
          <Button variant="ghost" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            {open ? t('room.hideComments') : t('room.showComments')}
          </Button>
          {open && <CommentThread companyId={companyId} responseId={observation.ResponseID} />}
        </>
      )}
    </li>
  );
}

/** One granted room, read only: its grids and the problems observed in it, each with its comments. */
export function ConsultantRoom({ companyId, roomId, onBack }: { companyId: number; roomId: number; onBack: () => void }) {
  const { t } = useTranslation('consultants');
  const room = useQuery(roomQuery(companyId, roomId));
  const observations = useQuery(observationsQuery(companyId, { room_id: roomId }));

  return (
    <div className="space-y-6">
      <Button variant="secondary" onClick={onBack}>
        {t('room.back')}
      </Button>
      <Card title={room.data?.room.Name ?? t('room.title')} description={room.data?.room.Description || t('room.readOnly')}>
        {room.isPending ? (
          <LoadingState />
        ) : room.isError ? (
          <ErrorState error={room.error} onRetry={() => void room.refetch()} />
        ) : room.data.room.grids.length === 0 ? (
          <EmptyState title={t('room.noGridsTitle')} description={t('room.noGrids')} />
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('room.grids')}>
            {room.data.room.grids.map((g) => (
              <li key={g.id} className="rounded-lg border border-stone-200 px-3 py-2">
                <p className="text-sm font-medium text-stone-900">{g.Name}</p>
                <p className="text-xs text-stone-600">{t('room.boxes', { count: g.grid_boxes.length })}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('room.observations')} description={t('room.observationsHelp')} padded={false}>
        {observations.isPending ? (
          <LoadingState />
        ) : observations.isError ? (
          <div className="p-4">
            <ErrorState error={observations.error} onRetry={() => void observations.refetch()} />
          </div>
        ) : observations.data.observations.length === 0 ? (
          <div className="p-4">
            <EmptyState title={t('room.noObservationsTitle')} description={t('room.noObservations')} />
          </div>
        ) : (
          <ul className="divide-y divide-stone-200">
            {observations.data.observations.map((o) => (
              <Observation key={o.ProblemID} companyId={companyId} observation={o} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
