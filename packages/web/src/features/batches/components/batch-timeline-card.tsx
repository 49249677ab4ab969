import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Batch, BatchProblem } from '@verdant/contract';
import { Card } from '../../../components/ui';
import { roomListQuery } from '../../../api/queries/rooms';
import { batchFormResponsesQuery } from '../../../api/queries/batches';
import { PhotoStrip, serverPhotos, usePhotoAlt } from '../../../components/photos';
import { buildTimeline } from '../lib/timeline';
import { useFormatDate } from '../../../lib/format-date';
import { useStatusLabel } from './batch-status-badge';

interface Props {
  companyId: number;
  batch: Batch;
  statusTimeline: ReadonlyArray<{ from_status: string | null; to_status: string; changed_at: string }>;
  moves: ReadonlyArray<{ old_room_id: number | null; new_room_id: number | null; moved_at: string }>;
  problems: readonly BatchProblem[];
}

export function BatchTimelineCard({ companyId, batch, statusTimeline, moves, problems }: Props) {
  const { t } = useTranslation('batches');
  const when = useFormatDate();
  const label = useStatusLabel();
  const rooms = useQuery(roomListQuery(companyId));
  const responses = useQuery({ ...batchFormResponsesQuery(companyId, batch.BatchID), enabled: companyId > 0 });
  const altOf = usePhotoAlt();
  const roomName = (id: number | null) => rooms.data?.find((r) => r.RoomID === id)?.Name ?? (id ? t('timeline.roomN', { id }) : '—');
  const events = buildTimeline({ batch, statusTimeline, moves, problems, responses: responses.data ?? [] });

  const text = (e: (typeof events)[number]) => {
    switch (e.kind) {
      case 'created':
        return t('timeline.created');
      case 'status':
        return e.from ? t('timeline.status', { from: label(e.from), to: label(e.to) }) : t('timeline.statusSet', { to: label(e.to) });
      case 'move':
        return t('timeline.move', { from: roomName(e.from), to: roomName(e.to) });
      case 'problem':
        return e.resolved ? t('timeline.problemResolved', { problem: e.problem }) : t('timeline.problem', { problem: e.problem });
      case 'harvest':
        return t('timeline.harvest');
      case 'photos':
        return t('timeline.photos', { count: e.photos.length, form: e.form });
    }
  };

  return (
    <Card title={t('timeline.title')}>
      <ol className="relative ml-1.5 flex flex-col gap-3 border-l-2 border-stone-200 pl-4">
        {events.map((e, i) => (
          <li key={`${e.kind}-${e.at}-${i}`} className="relative text-sm">
            <span aria-hidden="true" className="absolute -left-[1.45rem] top-1.5 size-2.5 rounded-full bg-brand-700 ring-2 ring-white" />
            <p className="font-medium text-stone-900">{text(e)}</p>
            <p className="text-xs text-stone-600">{when(e.at)}</p>
            {e.kind === 'photos' && (
              <PhotoStrip
                size="sm"
                className="mt-1.5"
                photos={serverPhotos(`batch-response-${e.responseId}`, e.photos, (p) => altOf(p.FieldName, e.form, e.at))}
              />
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
