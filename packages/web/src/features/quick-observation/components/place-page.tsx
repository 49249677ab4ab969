import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { roomsQuery } from '../../../api/queries/rooms';
import { traysQuery } from '../../../api/queries/trays';
import { useAuth } from '../../../state/hooks';
import { paths, PLACE_KINDS, type PlaceKind } from '../../../lib/paths';
import { gridBoxDisplayName } from '@verdant/contract';
import { placeName, placeWhere, resolvePlace, type ResolvedPlace } from '../lib/place-link';
import { boxPlaceLabel, rememberPlace } from '../../../lib/last-place';
import { PlaceForm } from './place-form';

function parseRef(kind: string | undefined, id: string | undefined): { kind: PlaceKind; id: number } | null {
  const n = Number(id);
  if (!(PLACE_KINDS as readonly string[]).includes(kind ?? '') || !Number.isInteger(n) || n <= 0) return null;
  return { kind: kind as PlaceKind, id: n };
}

/**
 * place/{kind}/{id}: where a printed label's QR code leads. The place is found in the company's rooms
 * (the local copy offline) or trays; a box or room opens with the company's default form ready, a grid
 * lists its boxes, a tray leads to its batch. The place becomes the one quick observation starts from.
 */
export default function PlacePage() {
  const { kind, placeId } = useParams();
  const ref = parseRef(kind, placeId);
  const { t } = useTranslation('quick-observation');
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: companyId > 0 && ref !== null && ref.kind !== 'tray' });
  const trays = useQuery({ ...traysQuery(companyId), enabled: companyId > 0 && ref?.kind === 'tray', retry: false });
  const source = ref?.kind === 'tray' ? trays : rooms;
  const place = ref && source.data ? resolvePlace(ref, rooms.data?.rooms ?? [], trays.data ?? []) : null;

  useEffect(() => {
    if (!place || !userId || !companyId) return;
    if (place.kind === 'box') rememberPlace(companyId, userId, { kind: 'box', id: place.box.id, label: boxPlaceLabel(placeName(place), place.room.Name, place.grid.Name) });
    if (place.kind === 'room') rememberPlace(companyId, userId, { kind: 'room', id: place.room.RoomID, label: place.room.Name });
  }, [place, companyId, userId]);

  if (!ref) return <Unknown />;
  if (source.isPending) return <LoadingState />;
  if (source.isError) return <ErrorState error={source.error} onRetry={() => void source.refetch()} />;
  if (!place) return <Unknown />;

  const fromCache = ref.kind !== 'tray' && rooms.data?.fromCache;
  return (
    <div>
      <PageHeader
        title={placeName(place)}
        description={[t(`kinds.${place.kind}`), placeWhere(place)].filter(Boolean).join(' · ')}
        actions={<PlaceActions place={place} />}
      />
      {fromCache && (
        <Alert tone="info" className="mb-4">
          {t('place.fromCache')}
        </Alert>
      )}
      <div className="flex max-w-2xl flex-col gap-6">
        <PlaceBody place={place} />
      </div>
    </div>
  );
}

function Unknown() {
  const { t } = useTranslation('quick-observation');
  return (
    <EmptyState
      title={t('place.unknownTitle')}
      description={t('place.unknownBody')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <ButtonLink to={paths.scanLabel}>{t('place.scanAgain')}</ButtonLink>
          <ButtonLink variant="secondary" to={paths.rooms}>
            {t('place.allRooms')}
          </ButtonLink>
        </div>
      }
    />
  );
}

/** The place as Scan now picks it: the room, and the grid and box a label names. */
function scanPlaceOf(place: Exclude<ResolvedPlace, { kind: 'tray' }>) {
  if (place.kind === 'box') return { roomId: place.room.RoomID, gridId: place.grid.id, boxId: place.box.id };
  if (place.kind === 'grid') return { roomId: place.room.RoomID, gridId: place.grid.id };
  return { roomId: place.room.RoomID };
}

function PlaceActions({ place }: { place: ResolvedPlace }) {
  const { t } = useTranslation('quick-observation');
  if (place.kind === 'tray') return <ButtonLink variant="secondary" to={paths.inventory}>{t('place.inventory')}</ButtonLink>;
  return (
    <>
      <ButtonLink variant="secondary" to={place.kind === 'box' ? paths.room(place.room.RoomID, { box: place.box.id }) : paths.room(place.room.RoomID)}>
        {t('place.openMap')}
      </ButtonLink>
      {place.kind === 'grid' && (
        <ButtonLink variant="secondary" to={paths.labels({ gridId: place.grid.id })}>
          {t('place.printGrid')}
        </ButtonLink>
      )}
      {(place.kind === 'box' || place.kind === 'room') && <ButtonLink to={paths.quickObservation}>{t('place.quick')}</ButtonLink>}
      <ButtonLink variant="secondary" to={paths.scanAt(scanPlaceOf(place))}>
        {t('place.scanPhoto')}
      </ButtonLink>
    </>
  );
}

function PlaceBody({ place }: { place: ResolvedPlace }) {
  const { t } = useTranslation('quick-observation');
  if (place.kind === 'box') {
    const label = `${placeName(place)} · ${placeWhere(place)}`;
    return (
      <>
        {place.box.culled && <Alert tone="warning">{t('place.culled')}</Alert>}
        <PlaceForm place={{ kind: 'box', GridBoxID: place.box.id }} label={label} preferred="scouting" coordinates={`${place.box.X},${place.box.Y}`} />
      </>
    );
  }
  if (place.kind === 'room') return <PlaceForm place={{ kind: 'room', roomID: place.room.RoomID }} label={place.room.Name} preferred="scouting" />;
  if (place.kind === 'grid') {
    const boxes = place.grid.grid_boxes.filter((b) => !b.culled).sort((a, b) => a.Y - b.Y || a.X - b.X);
    return (
      <Card title={t('place.gridBoxes', { count: boxes.length })} description={t('place.gridBoxesHint')}>
        {boxes.length === 0 ? (
          <p className="text-sm text-stone-600">{t('place.noBoxes')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {boxes.map((b) => (
              <li key={b.id}>
                <ButtonLink variant="secondary" to={paths.place('box', b.id)}>
                  {gridBoxDisplayName(b.CustomName, b.X, b.Y)}
                </ButtonLink>
              </li>
            ))}
          </ul>
        )}
      </Card>
    );
  }
  return (
    <Card title={t('place.trayTitle')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-stone-600">{t('place.trayPlants')}</dt>
        <dd className="text-stone-900">{place.tray.number_of_plants}</dd>
        <dt className="text-stone-600">{t('place.trayBatch')}</dt>
        <dd className="text-stone-900">{place.tray.batch_number ?? t('place.noBatch')}</dd>
      </dl>
      {place.tray.batch_id && (
        <ButtonLink className="mt-4" to={paths.batch(place.tray.batch_id)}>
          {t('place.openBatch')}
        </ButtonLink>
      )}
    </Card>
  );
}
