import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_SUBMIT_BOXES, type GridBox } from '@verdant/contract';
import { Alert, Button, ButtonLink, Dialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { gridOpacityQuery } from '../../../../api/queries/company-settings';
import { uploadGridImage } from '../../../../api/grids';
import { errorMessage } from '../../../../api/api-error';
import { useRoomProblemStyles } from '../../api/use-room-problem-styles';
import { FillFormDialog } from '../scouting/fill-form-dialog';
import { RoomThresholdBadge } from '../../../../components/threshold-level/threshold-level-badge';
import { ProblemLegend } from './problem-legend';
import { MapModeControls } from './map-mode-controls';
import { PressureControls } from './pressure-controls';
import { usePressureMode } from './pressure-mode';
import { SelectionBar } from './selection-bar';
import { gridBackgroundsQuery, roomKeys } from '../../../../api/queries/rooms';
import { BoxPanel, type MovingPlant } from '../scouting/box-panel';
import { CreateGridForm } from './create-grid-form';
import type { MapGrid, MultiSelectType } from './grid-map';
import { GridSection } from './grid-section';
import { MovePlantPanel } from '../movements/move-plant-panel';
import { useRoomScroll } from './use-room-scroll';
import { useAvailableHeight } from './use-available-height';
import { RoomActions } from './room-actions';
import { WhiteboardCard } from './whiteboard-card';
import { BoxSheet } from './box-sheet';
import { ApplyTreatmentDialog } from './apply-treatment-dialog';
import { paths } from '../../../../lib/paths';
import { boxPlaceLabel, rememberPlace } from '../../../../lib/last-place';
import { boxLabel } from '../../lib/box-label';
import { useRoomRoute } from '../use-room-route';

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

  const [selected, setSelected] = useState<{ boxId: number; gridId: number } | null>(null);
  const [moving, setMoving] = useState<MovingPlant | null>(null);
  const [target, setTarget] = useState<{ boxId: number; gridId: number } | null>(null);
  const [addGrid, setAddGrid] = useState(false);
  const [showProblems, setShowProblems] = useState(true);
  const [showPressure, setShowPressure] = useState(false);
  const [selectMode, setSelectMode] = useState<MultiSelectType | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const [fillFor, setFillFor] = useState<'boxes' | 'room' | null>(null);
  const [treating, setTreating] = useState(false);
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
    if (grid && box) setSelected({ boxId: box.id, gridId: grid.id });
  }
  const gridIds = useMemo(() => grids.map((g) => g.id), [grids]);
  const problemStyles = useRoomProblemStyles(companyId, gridIds, showProblems);
  const { styles, legend } = problemStyles;
  const pressure = usePressureMode(companyId, roomId, grids, showPressure && online);

  const onSelectBoxes = useCallback(
    (boxes: GridBox[], how: 'toggle' | 'add') => {
      setChosen((prev) => {
        const next = new Set(prev);
        if (how === 'toggle' && boxes.length === 1 && next.has(boxes[0]!.id)) next.delete(boxes[0]!.id);
        else for (const b of boxes) next.add(b.id);
        if (next.size > MAX_SUBMIT_BOXES) {
          toast.warning(t('select.tooMany', { max: MAX_SUBMIT_BOXES }));
          return prev;
        }
        return next;
      });
    },
    [toast, t],
  );
  const chosenBoxes = useMemo(() => {
    const out: Array<{ box: GridBox; grid: MapGrid }> = [];
    for (const g of grids) for (const b of g.grid_boxes) if (chosen.has(b.id)) out.push({ box: b, grid: g });
    return out;
  }, [grids, chosen]);
  const stopSelecting = () => {
    setSelectMode(null);
    setChosen(new Set());
  };
  // Opened at a linked box, the map shows that box rather than the room's remembered scroll position.
  const { ref: scrollRef, onScroll } = useRoomScroll(companyId, roomId, data?.StartScroll, Boolean(data) && linkedBoxId === 0);
  const mapHeight = useAvailableHeight(scrollRef, Boolean(data?.grids.length));

  const findBox = (ref: { boxId: number; gridId: number } | null) => {
    if (!ref || !data) return null;
    const grid = data.grids.find((g) => g.id === ref.gridId);
    const box = grid?.grid_boxes.find((b) => b.id === ref.boxId);
    return grid && box ? { grid, box } : null;
  };
  const current = findBox(selected);
  const targetBox = findBox(target);

  const roomName = data?.Name ?? '';
  const onOpenBox = useCallback(
    (box: GridBox, grid: MapGrid) => {
      if (moving) {
        setTarget({ boxId: box.id, gridId: grid.id });
        return;
      }
      setSelected({ boxId: box.id, gridId: grid.id });
      // The tapped box becomes where quick observation starts, as a scanned label does.
      rememberPlace(companyId, userId ?? 0, { kind: 'box', id: box.id, label: boxPlaceLabel(boxLabel(box), roomName, grid.Name) });
    },
    [moving, companyId, userId, roomName],
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
      <RoomActions room={data} companyId={companyId} userId={userId ?? 0} online={online} onFillRoom={() => setFillFor('room')} onAddGrid={() => setAddGrid(true)} />

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
            <Button disabled={!online} onClick={() => setAddGrid(true)}>
              {t('room.addGrid')}
            </Button>
          }
        />
      ) : (
        <div className="lg:flex lg:items-start lg:gap-4">
          <div className="min-w-0 flex-1">
            {/* From `sm` up the key sits beside the map's switches, not under them: the map gets the height. */}
            <div className="flex flex-col sm:flex-row-reverse sm:items-start sm:justify-between sm:gap-4">
              <div className="sm:shrink-0">
                <MapModeControls
                  showProblems={showProblems}
                  onShowProblems={setShowProblems}
                  showPressure={showPressure}
                  onShowPressure={setShowPressure}
                  online={online}
                  canSelect={!selectMode}
                  selectDisabled={Boolean(moving)}
                  onSelect={() => setSelectMode('Coordinates')}
                />
              </div>
              <div className="min-w-0 flex-1">
                <ProblemLegend
                  entries={showProblems && !showPressure ? legend : []}
                  suspected={showProblems && !showPressure ? problemStyles.suspected : null}
                  showProblems={showProblems && !showPressure}
                  loading={showProblems && online && problemStyles.pending}
                  failed={showProblems && problemStyles.failed}
                  offline={!online}
                  selecting={Boolean(selectMode)}
                />
              </div>
            </div>
            {selectMode && (
              <SelectionBar
                mode={selectMode}
                onMode={setSelectMode}
                count={chosen.size}
                onClear={() => setChosen(new Set())}
                onFill={() => setFillFor('boxes')}
                onTreat={() => setTreating(true)}
                onDone={stopSelecting}
              />
            )}
            {showPressure && online && <PressureControls mode={pressure} />}
            {moving && (
              <p role="status" className="mb-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900 ring-1 ring-blue-300">
                {t('move.banner', { uid: moving.plantUid })}
              </p>
            )}
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
                  problems={showProblems ? (styles.get(grid.id) ?? null) : null}
                  pressure={showPressure && online && pressure.data ? (pressure.paints.get(grid.id) ?? null) : null}
                  selectMode={selectMode}
                  selectedIds={chosen}
                  onSelectBoxes={onSelectBoxes}
                  focusBox={link?.gridId === grid.id ? link.at : null}
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
                  onCancel={() => {
                    setMoving(null);
                    setTarget(null);
                  }}
                  onMoved={(to) => {
                    setMoving(null);
                    setTarget(null);
                    setSelected({ boxId: to.id, gridId: to.GridID });
                  }}
                />
              ) : current ? (
                <BoxPanel
                  box={current.box}
                  gridName={current.grid.Name}
                  onClose={() => setSelected(null)}
                  onStartMove={(plant) => {
                    setMoving(plant);
                    setTarget(null);
                  }}
                />
              ) : null}
            </BoxSheet>
          )}
        </div>
      )}

      <div className="mt-8">
        <WhiteboardCard companyId={companyId} roomId={data.RoomID} />
      </div>

      <FillFormDialog
        open={fillFor === 'boxes'}
        onClose={() => setFillFor(null)}
        title={t('fill.boxesTitle', { count: chosenBoxes.length })}
        description={t('fill.boxesBody', { count: chosenBoxes.length, room: data.Name })}
        place={{ kind: 'boxes', GridBoxIDs: chosenBoxes.map((c) => c.box.id) }}
        preferred="multiselect"
        coordinates={chosenBoxes.map((c) => `${c.box.X},${c.box.Y}`).join('; ')}
        label={t('fill.boxesQueueLabel', { count: chosenBoxes.length, room: data.Name })}
        onSubmitted={stopSelecting}
      />
      <ApplyTreatmentDialog
        open={treating}
        onClose={() => setTreating(false)}
        companyId={companyId}
        roomName={data.Name}
        boxes={chosenBoxes.map((c) => c.box)}
        onApplied={() => {
          setTreating(false);
          stopSelecting();
        }}
      />
      <FillFormDialog
        open={fillFor === 'room'}
        onClose={() => setFillFor(null)}
        title={t('fill.roomTitle', { room: data.Name })}
        description={t('fill.roomBody')}
        place={{ kind: 'room', roomID: data.RoomID }}
        preferred="room"
        label={t('fill.roomQueueLabel', { room: data.Name })}
      />

      <Dialog open={addGrid} onClose={() => setAddGrid(false)} title={t('room.addGrid')} description={t('gridPage.description')}>
        {addGrid && (
          <CreateGridForm
            companyId={companyId}
            roomId={data.RoomID}
            onCancel={() => setAddGrid(false)}
            onCreated={({ name }) => {
              toast.success(t('grid.created', { name }));
              setAddGrid(false);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}
