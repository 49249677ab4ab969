import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { myConsultantRoomsQuery } from '../../../api/queries/consultants';
import { Card, EmptyState, ErrorState, LoadingState } from '../../../components/ui';
import { Icon } from '../../../components/icons';
import { ConsultantRoom } from './consultant-room';

/** What a signed-in consultant sees: the rooms they were given, and one of them read only. */
export function ConsultantHome({ companyId }: { companyId: number }) {
  const { t } = useTranslation('consultants');
  const rooms = useQuery(myConsultantRoomsQuery(companyId));
  const [roomId, setRoomId] = useState<number | null>(null);

  if (roomId !== null) return <ConsultantRoom companyId={companyId} roomId={roomId} onBack={() => setRoomId(null)} />;
  return (
    <Card title={t('mine.title')} description={t('mine.description')} padded={false}>
      {rooms.isPending ? (
        <LoadingState />
      ) : rooms.isError ? (
        <div className="p-4">
          <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
        </div>
      ) : rooms.data.length === 0 ? (
        <div className="p-4">
          <EmptyState title={t('mine.emptyTitle')} description={t('mine.empty')} />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('mine.title')}>
          {rooms.data.map((room) => (
            <li key={room.room_id}>
              <button
                type="button"
                onClick={() => setRoomId(room.room_id)}
                className="flex min-h-14 w-full items-center justify-between gap-3 px-4 text-left text-sm font-medium text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
              >
                <span className="flex items-center gap-3">
                  <Icon name="rooms" className="size-5 text-stone-600" />
                  {room.name}
                </span>
                <span className="text-stone-600" aria-hidden>
                  ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
