import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roomListQuery } from '../../../api/queries/rooms';
import { errorMessage } from '../../../api/api-error';
import { Alert, Button, Card, Input, Select } from '../../../components/ui';
import { cameraKeys, registerCamera } from '../api';

/** Admins: a name and a grid (room first), then the token panel shows the new camera's token once. */
export function RegisterCameraForm({ companyId, onIssued }: { companyId: number; onIssued: (name: string, token: string) => void }) {
  const { t } = useTranslation('cameras');
  const qc = useQueryClient();
  const rooms = useQuery(roomListQuery(companyId));
  const [name, setName] = useState('');
  const [roomId, setRoomId] = useState('');
  const [gridId, setGridId] = useState('');
  const grids = rooms.data?.find((r) => String(r.RoomID) === roomId)?.grids ?? [];
  const register = useMutation({
    mutationFn: () => registerCamera(companyId, Number(gridId), name.trim()),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: cameraKeys.all(companyId) });
      setName('');
      onIssued(res.camera.name, res.ingest_token);
    },
  });
  const ready = name.trim().length > 0 && gridId !== '';
  return (
    <Card className="mb-6">
      <form
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) register.mutate();
        }}
      >
        <Input label={t('register.name')} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        <Select
          label={t('register.room')}
          value={roomId}
          placeholder={rooms.isPending ? t('loading') : t('register.pickRoom')}
          options={(rooms.data ?? []).map((r) => ({ value: String(r.RoomID), label: r.Name }))}
          onChange={(e) => {
            setRoomId(e.target.value);
            setGridId('');
          }}
        />
        <Select
          label={t('register.grid')}
          value={gridId}
          placeholder={t('register.pickGrid')}
          disabled={!roomId}
          options={grids.map((g) => ({ value: String(g.id), label: g.Name }))}
          onChange={(e) => setGridId(e.target.value)}
        />
        <Button type="submit" disabled={!ready} loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </form>
      {rooms.isError && <Alert tone="danger" className="mt-3">{errorMessage(rooms.error)}</Alert>}
      {register.isError && <Alert tone="danger" className="mt-3">{errorMessage(register.error)}</Alert>}
    </Card>
  );
}
