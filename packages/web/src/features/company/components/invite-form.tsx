import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invitationsMessages, type Role } from '@verdant/contract';
import { translateServerMessage } from '../../../lib/server-message';
import { Alert, Button, Card, Input, Select, useToast } from '../../../components/ui';
import { useCreateInvitation } from '../api/use-create-invitation';

/** Admins invite a colleague by e-mail; the server mails a sign-up link. */
export function InviteForm({ companyId, canInviteSuperAdmin }: { companyId: number; canInviteSuperAdmin: boolean }) {
  const { t } = useTranslation('company');
  const toast = useToast();
  const invite = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('Regular');
  const [link, setLink] = useState<string | null>(null);

  const roles: Role[] = canInviteSuperAdmin ? ['Regular', 'Admin', 'SuperAdmin'] : ['Regular', 'Admin'];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { company_id: companyId, email: email.trim(), role },
      {
        onSuccess: (res) => {
          if (res.message === invitationsMessages.mailFailed) toast.warning(t('server.mailFailed'), { duration: 8000 });
          else toast.success(t('invite.sent', { email: email.trim() }));
          setLink(`${window.location.origin}/signUp?invite_token=${encodeURIComponent(res.invite_token)}`);
          setEmail('');
        },
      },
    );
  };

  return (
    <Card title={t('invite.title')} description={t('invite.description')}>
      <form onSubmit={submit} className="space-y-4">
        {invite.isError && (
          <Alert tone="danger">{translateServerMessage(invite.error.message, invitationsMessages, t, 'company:server')}</Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
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
          <Select
            label={t('invite.role')}
            name="role"
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            options={roles.map((r) => ({ value: r, label: t(`app:roles.${r}`) }))}
          />
        </div>
        <p className="text-sm text-stone-600">{t(`invite.roleHelp.${role}`)}</p>
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
