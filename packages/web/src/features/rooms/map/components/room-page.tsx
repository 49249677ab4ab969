import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BULK_MAX_IDS, type GridBox } from '@verdant/contract';
import { Alert, Button, ButtonLink, Dialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { gridOpacityQuery } from '../../../../api/queries/company-settings';
import { uploadGridImage } from '../../../../api/grids';
import { errorMessage } from '../../../../api/api-error';
import { useRoomProblemStyles } from '../../api/use-room-problem-styles';
import { FillFormDialog } from '../../scouting/components/fill-form-dialog';
import { RoomThresholdBadge } from '../../../../components/threshold-level/threshold-level-badge';
import { usePressureMode } from './pressure-mode';
import { RoomMapToolbar } from './room-map-toolbar';
import { RoomModeBar } from './room-mode-bar';
import { initialRoomState, openBoxOf, roomReducer, type BoxRef } from './room-modes';
import { gridBackgroundsQuery, roomKeys } from '../../../../api/queries/rooms';
import { BoxPanel } from '../../scouting/components/box-panel';
import { CreateGridForm } from './create-grid-form';
import type { MapGrid } from './grid-map';
import { GridSection } from './grid-section';
import { MovePlantPanel } from '../../movements/components/move-plant-panel';
import { useRoomScroll } from './use-room-scroll';
import { useAvailableHeight } from './use-available-height';
import { RoomActions } from './room-actions';
import { WhiteboardCard } from './whiteboard-card';
import { BoxSheet } from './box-sheet';
import { ApplyTreatmentDialog } from './apply-treatment-dialog';
import { BulkLookDialog } from './bulk-look-dialog';
import { useBulkBoxLook, useUndoBulkBoxes } from '../api/use-bulk-boxes';
import { paths } from '../../../../lib/paths';
import { boxPlaceLabel, rememberPlace } from '../../../../lib/last-place';
import { boxLabel } from '../../lib/box-label';
import { useRoomRoute } from '../../components/use-room-route';
import { SamplePlantCard, useRoomSamplePlants } from './sample-plant-layer';

const NONE_CHOSEN: ReadonlySet<number> = new Set();

export default function RoomPage() {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { roomId, companyID, companyId, userId, online, room } = useRoomRoute();
  const queryClient = useQueryClient();
  // Offline these read the device's copy (api/offline-read), like the room itself.
  const opacity = useQuery({ ...gridOpacityQuery(companyId), enabled: Boolean(companyID) });
  const backgrounds = useQuery({ ...gridBackgroundsQuery(companyId, roomId), enabled: Boolean(room.data) });
  const uploadBg = useMutation({
    mutationFn: ({ gridId, file }: { gridId: number; file: File }) => uploadGridImage(gridId, file),
    onSuccess: () => {
      toast.success(t('grid.backgroundUploaded'));
      void queryClient.invalidateQueries({ queryKey: roomKeys.backgrounds(companyId, roomId) });
    },
    onError: (err) => toast.danger(t('grid.backgroundFailed', { reason: errorMessage(err) })),
  });

  // What the page is doing (one mode at a time) and the map's layers: room-modes.ts.
  const [state, dispatch] = useReducer(roomReducer, initialRoomState);
  const { mode, layers } = state;
  const selected = openBoxOf(mode);
  const moving = mode.kind === 'moving' ? mode.plant : null;
  const target = mode.kind === 'moving' ? mode.target : null;
  const selectMode = mode.kind === 'selecting' ? mode.type : null;
  const chosen = mode.kind === 'selecting' ? mode.chosen : NONE_CHOSEN;
  // A link to one box (paths.room(roomId, { box })): its sheet opens and its grid zooms onto it, once per link.
  const [search] = useSearchParams();
  const linkedBoxId = Number(search.get('box')) || 0;
  const [link, setLink] = useState<{ boxId: number; gridId: number | null; at: { x: number; y: number } | null } | null>(null);

  const data = room.data?.room;
  const grids = useMemo(() => data?.grids ?? [], [data]);
  if (data && linkedBoxId > 0 && link?.boxId !== linkedBoxId) {
    const grid = data.grids.find((g) => g.grid_boxes.some((b) => b.id === linkedBoxId));
    const box = grid?.grid_boxes.find((b) => b.id === linkedBoxId);
    setLink({ boxId: linkedBoxId, gridId: grid?.id ?? null, at: box ? { x: box.X, y: box.Y } : null });
    if (grid && box) dispatch({ type: 'openBox', box: { boxId: box.id, gridId: grid.id } });
  }
  const gridIds = useMemo(() => grids.map((g) => g.id), [grids]);
  const problemStyles = useRoomProblemStyles(companyId, gridIds, layers.problems);
  const { styles } = problemStyles;
  const pressure = usePressureMode(companyId, roomId, grids, layers.pressure && online);
  const samples = useRoomSamplePlants(companyId, roomId);

  const onSelectBoxes = useCallback((boxes: GridBox[], how: 'toggle' | 'add') => dispatch({ type: 'choose', boxIds: boxes.map((b) => b.id), how }), []);
  const refusals = mode.kind === 'selecting' ? mode.refusals : 0;
  useEffect(() => {
    if (refusals > 0) toast.warning(t('bulk.tooMany', { max: BULK_MAX_IDS }));
  }, [refusals, toast, t]);
  const chosenBoxes = useMemo(() => {
    const out: Array<{ box: GridBox; grid: MapGrid }> = [];
    for (const g of grids) for (const b of g.grid_boxes) if (chosen.has(b.id)) out.push({ box: b, grid: g });
    return out;
  }, [grids, chosen]);
  const done = () => dispatch({ type: 'done' });
  // Status and colour of the chosen boxes, in one change the selection bar then offers to undo.
  const bulkLook = useBulkBoxLook(companyId, roomId);
  const undoBulk = useUndoBulkBoxes(companyId, roomId);
  const roomStatuses = useMemo(() => [...new Set(grids.flatMap((g) => g.grid_boxes.map((b) => b.Status ?? '').filter(Boolean)))].sort(), [grids]);
  const closeLook = () => {
    bulkLook.reset();
    dispatch({ type: 'selectDialog', dialog: null });
  };
  const onUndo = (changeId: number) =>
    undoBulk.mutate(changeId, {
      onSuccess: () => {
        dispatch({ type: 'applied', change: null });
        toast.success(t('bulk.undone'));
      },
      onError: (err) => toast.danger(t('bulk.undoFailed', { reason: errorMessage(err) })),
    });
  // Opened at a linked box, the map shows that box rather than the room's remembered scroll position.
  const { ref: scrollRef, onScroll } = useRoomScroll(companyId, roomId, data?.StartScroll, Boolean(data) && linkedBoxId === 0);
  const mapHeight = useAvailableHeight(scrollRef, Boolean(data?.grids.length));

  const findBox = (ref: BoxRef | null) => {
    if (!ref || !data) return null;
    const grid = data.grids.find((g) => g.id === ref.gridId);
    const box = grid?.grid_boxes.find((b) => b.id === ref.boxId);
    return grid && box ? { grid, box } : null;
  };
  const current = findBox(selected);
  const targetBox = findBox(target);

  const roomName = data?.Name ?? '';
  const picking = mode.kind === 'moving';
  const onOpenBox = useCallback(
    (box: GridBox, grid: MapGrid) => {
      if (picking) {
        dispatch({ type: 'pickTarget', box: { boxId: box.id, gridId: grid.id } });
        return;
      }
      dispatch({ type: 'openBox', box: { boxId: box.id, gridId: grid.id } });
      // The tapped box becomes where quick observation starts, as a scanned label does.
      rememberPlace(companyId, userId ?? 0, { kind: 'box', id: box.id, label: boxPlaceLabel(boxLabel(box), roomName, grid.Name) });
    },
    [picking, companyId, userId, roomName],
  );

  const backgroundOf = (gridId: number) => backgrounds.data?.find((g) => g.id === gridId)?.image_url ?? null;
  const panelOpen = !selectMode && Boolean(moving || current);

  if (room.isPending) return <LoadingState />;
  if (room.isError || !data) {
    return (
      <>
        <PageHeader title={t('room.notFoundTitle')} />
        <ErrorState error={room.error} onRetry={() => void room.refetch()} />
        <ButtonLink to={paths.rooms} variant="secondary" className="mt-4">
          {t('room.allRooms')}
        </ButtonLink>
      </>
    );
  }

  return (
    <div>
      <PageHeader title={data.Name} description={data.Description || undefined} actions={<RoomThresholdBadge companyId={companyId} roomId={roomId} />} className="mb-3" />
      {/* The room's actions come before its map, on a phone too: a grower looks for them at the top (issue 20). */}
      <RoomActions room={data} companyId={companyId} userId={userId ?? 0} online={online} onFillRoom={() => dispatch({ type: 'fillRoom' })} onAddGrid={() => dispatch({ type: 'addGrid' })} />

      {link && link.boxId === linkedBoxId && !link.at && (
        <Alert tone="warning" className="mb-3">
          {t('map.linkedBoxMissing')}
        </Alert>
      )}

      {room.data.fromCache && (
        <Alert tone="warning" className="mb-3" title={t('offline.title')}>
          {t('offline.roomBody')}
        </Alert>
      )}

      {data.grids.length === 0 ? (
        <EmptyState
          icon={<Icon name="grid" className="size-10" />}
          title={t('room.noGridsTitle')}
          description={t('room.noGridsBody')}
          action={
            <Button disabled={!online} onClick={() => dispatch({ type: 'addGrid' })}>
              {t('room.addGrid')}
            </Button>
          }
        />
      ) : (
        <div className="lg:flex lg:items-start lg:gap-4">
          <div className="min-w-0 flex-1">
            <RoomMapToolbar state={state} dispatch={dispatch} problemStyles={problemStyles} online={online} samplePlantCount={samples.plants.length} />
            <RoomModeBar state={state} dispatch={dispatch} pressure={pressure} online={online} onUndo={onUndo} undoing={undoBulk.isPending} />
            <div
              ref={scrollRef}
              onScroll={onScroll}
              data-testid="room-map-scroll"
              className="overflow-auto rounded-xl border border-stone-200 bg-white p-2 sm:p-3"
              style={{ maxHeight: mapHeight }}
            >
              {data.grids.map((grid) => (
                <GridSection
                  key={grid.id}
                  grid={grid}
                  // Less the scroll area's padding and border (sm:p-3; p-2 on a phone).
                  maxHeight={mapHeight - 26}
                  selectedBoxId={selected?.gridId === grid.id ? selected.boxId : null}
                  targetBoxId={target?.gridId === grid.id ? target.boxId : null}
                  picking={Boolean(moving)}
                  backgroundUrl={backgroundOf(grid.id)}
                  opacity={opacity.data ?? 1}
                  onOpenBox={onOpenBox}
                  onUploadBackground={(gridId, file) => uploadBg.mutate({ gridId, file })}
                  uploading={uploadBg.isPending && uploadBg.variables?.gridId === grid.id}
                  problems={layers.problems ? (styles.get(grid.id) ?? null) : null}
                  pressure={layers.pressure && online && pressure.data ? (pressure.paints.get(grid.id) ?? null) : null}
                  selectMode={selectMode}
                  selectedIds={chosen}
                  onSelectBoxes={onSelectBoxes}
                  focusBox={link?.gridId === grid.id ? link.at : null}
                  samplePlants={layers.samplePlants ? samples.byBox : undefined}
                />
              ))}
            </div>
          </div>

          {panelOpen && (
            <BoxSheet key={moving ? 'move' : 'box'} label={moving ? t('move.panel') : t('box.panel')}>
              {moving ? (
                <MovePlantPanel
                  key={moving.plantUid}
                  plant={moving}
                  target={targetBox?.box ?? null}
                  onCancel={() => dispatch({ type: 'cancelMove' })}
                  onMoved={(to) => dispatch({ type: 'moved', to: { boxId: to.id, gridId: to.GridID } })}
                />
              ) : current ? (
                <>
                  {layers.samplePlants && samples.byBox.has(current.box.id) && <SamplePlantCard plant={samples.byBox.get(current.box.id)!} />}
                  <BoxPanel
                    box={current.box}
                    gridName={current.grid.Name}
                    onClose={() => dispatch({ type: 'closeBox' })}
                    onStartMove={(plant) => dispatch({ type: 'startMove', plant })}
                  />
                </>
              ) : null}
            </BoxSheet>
          )}
        </div>
      )}

      <div className="mt-8">
        <WhiteboardCard companyId={companyId} roomId={data.RoomID} />
      </div>

      <FillFormDialog
        open={mode.kind === 'selecting' && mode.dialog === 'fill'}
        onClose={() => dispatch({ type: 'selectDialog', dialog: null })}
        title={t('fill.boxesTitle', { count: chosenBoxes.length })}
        description={t('fill.boxesBody', { count: chosenBoxes.length, room: data.Name })}
        place={{ kind: 'boxes', GridBoxIDs: chosenBoxes.map((c) => c.box.id) }}
        preferred="multiselect"
        coordinates={chosenBoxes.map((c) => `${c.box.X},${c.box.Y}`).join('; ')}
        label={t('fill.boxesQueueLabel', { count: chosenBoxes.length, room: data.Name })}
        onSubmitted={done}
      />
      <ApplyTreatmentDialog
        open={mode.kind === 'selecting' && mode.dialog === 'treat'}
        onClose={() => dispatch({ type: 'selectDialog', dialog: null })}
        companyId={companyId}
        roomName={data.Name}
        boxes={chosenBoxes.map((c) => c.box)}
        onApplied={done}
      />
      <BulkLookDialog
        open={mode.kind === 'selecting' && mode.dialog === 'look'}
        count={chosenBoxes.length}
        statuses={roomStatuses}
        pending={bulkLook.isPending}
        error={bulkLook.error}
        onClose={closeLook}
        onApply={(look) =>
          bulkLook.mutate(
            { boxIds: chosenBoxes.map((c) => c.box.id), look },
            {
              onSuccess: (change) => {
                dispatch({ type: 'applied', change: { changeId: change.change_id, count: change.count } });
                toast.success(t('bulk.applied', { count: change.count }));
              },
            },
          )
        }
      />
      <FillFormDialog
        open={mode.kind === 'fillingRoom'}
        onClose={done}
        title={t('fill.roomTitle', { room: data.Name })}
        description={t('fill.roomBody')}
        place={{ kind: 'room', roomID: data.RoomID }}
        preferred="room"
        label={t('fill.roomQueueLabel', { room: data.Name })}
      />

      <Dialog open={mode.kind === 'addingGrid'} onClose={done} title={t('room.addGrid')} description={t('gridPage.description')}>
        {mode.kind === 'addingGrid' && (
          <CreateGridForm
            companyId={companyId}
            roomId={data.RoomID}
            onCancel={done}
            onCreated={({ name }) => {
              toast.success(t('grid.created', { name }));
              done();
            }}
          />
        )}
      </Dialog>
    </div>
  );
}
