import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../../components/ui';
import { useAuth } from '../../../../state/hooks';
import { roomsQuery } from '../../../../api/queries/rooms';
import { CreateGridForm } from './create-grid-form';
import { GridCellSizeForm } from './grid-form-cell-size';
import { paths } from '../../../../lib/paths';

/**
 * rooms/FormEdit: the API has no room update, so this is where a grid is added to a room
 * (by size or from a Grid template). `?room=ID` preselects the room.
 */
export default function GridFormPage() {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { companyID } = useAuth();
  const rooms = useQuery({ ...roomsQuery(companyID ?? 0), enabled: Boolean(companyID) });
  const preselected = Number(params.get('room')) || undefined;
  const template = Number(params.get('template')) || undefined;

  return (
    <>
      <PageHeader
        title={t('gridPage.title')}
        description={t('gridPage.description')}
        actions={
          <ButtonLink to={paths.rooms} variant="secondary">
            {t('room.allRooms')}
          </ButtonLink>
        }
      />
      <Card className="max-w-xl">
        {rooms.isPending ? (
          <LoadingState />
        ) : rooms.isError ? (
          <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
        ) : rooms.data.rooms.length === 0 ? (
          <EmptyState
            title={t('gridPage.noRoomsTitle')}
            description={t('gridPage.noRoomsBody')}
            action={<ButtonLink to={paths.rooms}>{t('room.allRooms')}</ButtonLink>}
          />
        ) : (
          <CreateGridForm
            key={`${preselected}-${template}`}
            initialTemplateId={template}
            companyId={companyID ?? 0}
            rooms={rooms.data.rooms}
            roomId={preselected && rooms.data.rooms.some((r) => r.RoomID === preselected) ? preselected : undefined}
            onCreated={({ roomId, name }) => {
              toast.success(t('grid.created', { name }));
              void navigate(paths.room(roomId));
            }}
          />
        )}
      </Card>
      {rooms.data && rooms.data.rooms.length > 0 && (
        <Card className="mt-6 max-w-xl" title={t('cellSize.title')} description={t('cellSize.description')}>
          <GridCellSizeForm rooms={rooms.data.rooms} />
        </Card>
      )}
    </>
  );
}
