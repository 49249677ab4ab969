import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoomWithGrids } from '@verdant/contract';
import { Alert, Button, Input, Select, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { setGridCellSize } from '../../../../api/grids';
import { roomKeys } from '../../../../api/queries/rooms';
import { useAuth } from '../../../../state/hooks';
import { useOnlineStatus } from '../../../../lib/use-online-status';

const MAX_M2 = 100_000;

/**
 * A grid's physical cell size (m² per box). An application's treated area is its boxes × this size, so the register
 * gets an area without typing it. The size on record comes with the grid in the rooms tree (`cell_area_m2`): choosing
 * a grid fills it in, and a save refreshes the tree.
 */
export function GridCellSizeForm({ rooms }: { rooms: RoomWithGrids[] }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const { companyID } = useAuth();
  const grids = rooms.flatMap((r) => r.grids.map((g) => ({ value: String(g.id), label: `${r.Name} — ${g.Name}`, size: g.cell_area_m2 })));
  const [gridId, setGridId] = useState('');
  const [size, setSize] = useState('');
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (v: { gridId: number; size: number | null }) => setGridCellSize(v.gridId, v.size),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: roomKeys.list(companyID ?? 0) }),
  });
  const choose = (id: string) => {
    setGridId(id);
    const onRecord = grids.find((g) => g.value === id)?.size;
    setSize(onRecord === null || onRecord === undefined ? '' : String(onRecord));
  };

  const text = size.trim().replace(',', '.');
  const parsed = text === '' ? null : Number(text);
  const errors = {
    grid: gridId ? undefined : t('cellSize.gridRequired'),
    size: parsed !== null && !(Number.isFinite(parsed) && parsed > 0 && parsed <= MAX_M2) ? t('cellSize.invalid', { max: MAX_M2 }) : undefined,
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (errors.grid || errors.size) return;
    save.mutate({ gridId: Number(gridId), size: parsed }, {
      onSuccess: (kept) => toast.success(kept === null ? t('cellSize.cleared') : t('cellSize.saved', { size: kept })),
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };

  if (grids.length === 0) return <p className="text-sm text-stone-600">{t('cellSize.noGrids')}</p>;
  const chosen = grids.find((g) => g.value === gridId);
  // What is on record for the chosen grid: the answer of a save made here, else what the rooms tree says.
  const savedHere = save.isSuccess && String(save.variables.gridId) === gridId;
  const onRecord = savedHere ? save.data : chosen?.size;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {chosen && onRecord !== undefined && (
        <Alert tone={savedHere ? 'success' : 'info'}>
          <span data-testid="cell-size-on-record">
            {onRecord === null ? t('cellSize.onRecordNone', { grid: chosen.label }) : t('cellSize.onRecord', { grid: chosen.label, size: onRecord })}
          </span>
        </Alert>
      )}
      <Select label={t('cellSize.grid')} placeholder={t('cellSize.chooseGrid')} value={gridId} onChange={(e) => choose(e.target.value)} options={grids} error={tried ? errors.grid : undefined} />
      <Input label={t('cellSize.label')} hint={t('cellSize.hint')} inputMode="decimal" value={size} onChange={(e) => setSize(e.target.value)} error={tried ? errors.size : undefined} />
      <div>
        <Button type="submit" loading={save.isPending} disabled={!online}>{parsed === null ? t('cellSize.clear') : t('cellSize.save')}</Button>
      </div>
    </form>
  );
}
