import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { consultantsMessages, type Consultant } from '@verdant/contract';
import { consultantsQuery } from '../../../api/queries/consultants';
import { translateServerMessage } from '../../../lib/server-message';
import { Alert, Badge, Button, Card, ConfirmDialog, Dialog, EmptyState, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { useRevokeConsultant, useUpdateConsultantRooms } from '../api/use-consultant-writes';
import { RoomPicker } from './room-picker';

function ChangeRoomsDialog({ companyId, consultant, onClose }: { companyId: number; consultant: Consultant; onClose: () => void }) {
  const { t } = useTranslation('consultants');
  const toast = useToast();
  const update = useUpdateConsultantRooms();
  const [roomIds, setRoomIds] = useState(consultant.rooms.map((r) => r.room_id));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (roomIds.length === 0) return setError(t('rooms.required'));
    update.mutate(
      { company_id: companyId, consultant_id: consultant.consultant_id, room_ids: roomIds },
      {
        onSuccess: () => {
          toast.success(t('list.roomsChanged', { name: consultant.name }));
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('list.changeRoomsTitle', { name: consultant.name })}
      description={t('list.changeRoomsHelp')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('list.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('list.saveRooms')}
          </Button>
        </>
      }
    >
      {update.isError && <Alert tone="danger">{translateServerMessage(update.error.message, consultantsMessages, t, 'consultants:server')}</Alert>}
      <RoomPicker companyId={companyId} selected={roomIds} onChange={setRoomIds} error={error} />
    </Dialog>
  );
}

/** The company's consultants with their rooms; an Admin changes the rooms or revokes the access (after confirming). */
export function ConsultantList({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation('consultants');
  const toast = useToast();
  const consultants = useQuery(consultantsQuery(companyId));
  const revoke = useRevokeConsultant();
  const [editing, setEditing] = useState<Consultant | null>(null);
  const [revoking, setRevoking] = useState<Consultant | null>(null);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { company_id: companyId, consultant_id: revoking.consultant_id },
      {
        onSuccess: () => {
          toast.success(t('list.revoked', { name: revoking.name }));
          setRevoking(null);
        },
        onError: (err) => toast.danger(translateServerMessage(err.message, consultantsMessages, t, 'consultants:server')),
      },
    );
  };

  return (
    <Card title={t('list.title')} description={t('list.description')} padded={false}>
      {consultants.isPending ? (
        <LoadingState />
      ) : consultants.isError ? (
        <div className="p-4">
          <ErrorState error={consultants.error} onRetry={() => void consultants.refetch()} />
        </div>
      ) : consultants.data.length === 0 ? (
        <div className="p-4">
          <EmptyState title={t('list.emptyTitle')} description={t('list.empty')} />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('list.title')}>
          {consultants.data.map((c) => (
            <li key={c.consultant_id} data-testid="consultant" className="space-y-2 px-4 py-3 sm:px-5">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-stone-900">{c.name}</p>
                  <p className="truncate text-xs text-stone-600">
                    {c.email} · {t('list.since', { date: date(c.created_at) })}
                  </p>
                </div>
                <Badge tone={c.state === 'active' ? 'success' : 'info'}>{t(`list.state.${c.state}`)}</Badge>
              </div>
              <ul className="flex flex-wrap gap-1" aria-label={t('list.roomsOf', { name: c.name })}>
                {c.rooms.map((r) => (
                  <li key={r.room_id}>
                    <Badge tone="neutral">{r.name}</Badge>
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setEditing(c)}>
                  {t('list.changeRooms')}
                </Button>
                <Button variant="danger" onClick={() => setRevoking(c)}>
                  {t('list.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <ChangeRoomsDialog companyId={companyId} consultant={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        destructive
        loading={revoke.isPending}
        title={t('list.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('list.revokeHelp', { name: revoking?.name ?? '' })}
        confirmLabel={t('list.revoke')}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
