import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consultantsMessages } from '@verdant/contract';
import { translateServerMessage } from '../../../lib/server-message';
import { Alert, Button, Card, Input, useToast } from '../../../components/ui';
import { useInviteConsultant } from '../api/use-consultant-writes';
import { RoomPicker } from './room-picker';

/** An Admin invites an outside adviser by e-mail with read-only access to the rooms ticked. */
export function InviteConsultantForm({ companyId }: { companyId: number }) {
  const { t } = useTranslation('consultants');
  const toast = useToast();
  const invite = useInviteConsultant();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roomIds, setRoomIds] = useState<number[]>([]);
  const [roomsError, setRoomsError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (roomIds.length === 0) {
      setRoomsError(t('rooms.required'));
      return;
    }
    setRoomsError(null);
    invite.mutate(
      { company_id: companyId, email: email.trim(), name: name.trim(), room_ids: roomIds },
      {
        onSuccess: (res) => {
          if (res.message === consultantsMessages.mailFailed) toast.warning(t('server.mailFailed'), { duration: 8000 });
          else if (res.invite_token === null) toast.success(t('invite.restored', { email: email.trim() }));
          else toast.success(t('invite.sent', { email: email.trim() }));
          setLink(res.invite_token ? `${window.location.origin}/signUp?invite_token=${encodeURIComponent(res.invite_token)}` : null);
          setEmail('');
          setName('');
          setRoomIds([]);
        },
      },
    );
  };

  return (
    <Card title={t('invite.title')} description={t('invite.description')}>
      <form onSubmit={submit} className="space-y-4" noValidate={false}>
        {invite.isError && <Alert tone="danger">{translateServerMessage(invite.error.message, consultantsMessages, t, 'consultants:server')}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t('invite.name')} name="name" autoComplete="off" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
          <Input
            label={t('invite.email')}
            type="email"
            name="email"
            autoComplete="off"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <RoomPicker companyId={companyId} selected={roomIds} onChange={setRoomIds} error={roomsError} />
        <Button type="submit" loading={invite.isPending}>
          {t('invite.submit')}
        </Button>
        {link && (
          <Alert tone="success" title={t('invite.linkTitle')}>
            <p>{t('invite.linkHelp')}</p>
            <p className="mt-2 break-all rounded bg-white/70 px-2 py-1 font-mono text-xs">{link}</p>
          </Alert>
        )}
      </form>
    </Card>
  );
}
