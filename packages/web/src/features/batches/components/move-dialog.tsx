import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Batch } from '@verdant/contract';
import { Alert, Button, Dialog, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { batchRoomsQuery } from '../../../api/queries/batches';
import { roomListQuery } from '../../../api/queries/rooms';
import { useMoveBatch } from '../api/use-batch-info';

export function MoveDialog({ open, batch, companyId, onClose }: { open: boolean; batch: Batch; companyId: number; onClose: () => void }) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const current = useQuery(batchRoomsQuery(companyId, batch.BatchID));
  const rooms = useQuery(roomListQuery(companyId));
  const move = useMoveBatch(companyId, batch.BatchID);
  const [from, setFrom] = useState(() => (current.data?.length === 1 ? String(current.data[0]!.RoomID) : ''));
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const targets = (rooms.data ?? []).filter((r) => String(r.RoomID) !== from);
  const toName = rooms.data?.find((r) => String(r.RoomID) === to)?.Name ?? '';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('move.title', { number: batch.BatchNumber })}
      description={t('move.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!from || !to}
            loading={move.isPending}
            onClick={() => {
              setError(null);
              move.mutate(
                { from: Number(from), to: Number(to) },
                {
                  onSuccess: () => {
                    toast.success(t('move.done', { room: toName }));
                    onClose();
                  },
                  onError: (err) => setError(errorMessage(err)),
                },
              );
            }}
          >
            {t('move.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Select
          label={t('move.from')}
          value={from}
          placeholder={t('links.pickRoom')}
          onChange={(e) => setFrom(e.target.value)}
          options={(current.data ?? []).map((r) => ({ value: String(r.RoomID), label: r.Name }))}
        />
        <Select label={t('move.to')} value={to} placeholder={t('links.pickRoom')} onChange={(e) => setTo(e.target.value)} options={targets.map((r) => ({ value: String(r.RoomID), label: r.Name }))} />
        {error && <Alert tone="danger">{error}</Alert>}
      </div>
    </Dialog>
  );
}
