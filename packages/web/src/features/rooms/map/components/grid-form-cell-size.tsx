import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoomWithGrids } from '@verdant/contract';
import { Alert, Button, Input, Select, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { setGridCellSize } from '../../../../api/grids';
import { useOnlineStatus } from '../../../../lib/use-online-status';

const MAX_M2 = 100_000;

/**
 * A grid's physical cell size (m² per box). An application's treated area is its boxes × this size, so the register
 * gets an area without typing it. No read returns the size yet, so only what was saved here is shown back.
 */
export function GridCellSizeForm({ rooms }: { rooms: RoomWithGrids[] }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const online = useOnlineStatus();
  const grids = rooms.flatMap((r) => r.grids.map((g) => ({ value: String(g.id), label: `${r.Name} — ${g.Name}` })));
  const [gridId, setGridId] = useState('');
  const [size, setSize] = useState('');
  const [tried, setTried] = useState(false);
  const save = useMutation({ mutationFn: (v: { gridId: number; size: number | null }) => setGridCellSize(v.gridId, v.size) });

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
  const label = grids.find((g) => g.value === String(save.variables?.gridId))?.label;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {save.isSuccess && label && (
        <Alert tone="success">{save.data === null ? t('cellSize.onRecordNone', { grid: label }) : t('cellSize.onRecord', { grid: label, size: save.data })}</Alert>
      )}
      <Select label={t('cellSize.grid')} placeholder={t('cellSize.chooseGrid')} value={gridId} onChange={(e) => setGridId(e.target.value)} options={grids} error={tried ? errors.grid : undefined} />
      <Input label={t('cellSize.label')} hint={t('cellSize.hint')} inputMode="decimal" value={size} onChange={(e) => setSize(e.target.value)} error={tried ? errors.size : undefined} />
      <div>
        <Button type="submit" loading={save.isPending} disabled={!online}>{parsed === null ? t('cellSize.clear') : t('cellSize.save')}</Button>
      </div>
    </form>
  );
}
