import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { InvitationStatus } from '@verdant/contract';
import { Alert, Button, ButtonLink, Input, LoadingState } from '../../../components/ui';
import { invitationStatusQuery } from '../../../api/queries/invitations';
import { homePathFor } from '../../../lib/session';
import { armWelcome } from '../../../lib/welcome';
import { useSignUp } from '../api/use-auth-mutations';
import { checkPassword, passwordOk } from '../lib/password-rules';
import { useOneTimeUrlToken } from '../lib/use-one-time-url-token';
import { translateAuthMessage } from '../lib/server-message';
import { AuthLayout, linkClass } from './auth-layout';
import { PasswordRules } from './password-rules';
import { paths } from '../../../lib/paths';

/** What a used, expired or unknown invitation link shows instead of the form. */
function UnusableInvitation({ invitation, footer }: { invitation: InvitationStatus; footer: ReactNode }) {
  const { t } = useTranslation('auth');
  if (invitation.state === 'used') {
    return (
      <AuthLayout title={t('invitation.usedTitle')}>
        <p className="text-sm text-stone-700">{t('invitation.used')}</p>
        <ButtonLink to={paths.signIn} block size="lg" className="mt-6">
          {t('signUp.signIn')}
        </ButtonLink>
        <p className="mt-4 text-center text-sm">
          <Link to={paths.resetPassword} className={linkClass}>
            {t('signIn.forgot')}
          </Link>
        </p>
      </AuthLayout>
    );
  }
  if (invitation.state === 'expired') {
    const name = invitation.inviter_name ?? invitation.inviter_email;
    return (
      <AuthLayout title={t('invitation.expiredTitle')} footer={footer}>
        <p className="text-sm text-stone-700">
          {name ? (
            <Trans
              t={t}
              i18nKey="invitation.expiredAsk"
              values={{ name }}
              components={{
                who: invitation.inviter_email ? <a href={`mailto:${invitation.inviter_email}`} className={linkClass} /> : <strong />,
              }}
            />
          ) : (
            t('invitation.expiredAskAdmin')
          )}
        </p>
        {invitation.inviter_email && invitation.inviter_name && <p className="mt-2 break-all text-sm text-stone-600">{invitation.inviter_email}</p>}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('invitation.unknownTitle')} footer={footer}>
      <p className="text-sm text-stone-700">{t('invitation.unknown')}</p>
    </AuthLayout>
  );
}

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const inviteToken = useOneTimeUrlToken('invite_token');
  const status = useQuery({ ...invitationStatusQuery(inviteToken), enabled: inviteToken !== '' });

  const footer = (
    <p>
      {t('signUp.haveAccount')}{' '}
      <Link to={paths.signIn} className={linkClass}>
        {t('signUp.signIn')}
      </Link>
    </p>
  );

  if (!inviteToken) {
    return (
      <AuthLayout title={t('signUp.title')} footer={footer}>
        <Alert tone="warning" title={t('signUp.noInviteTitle')}>
          {t('signUp.noInvite')}
        </Alert>
      </AuthLayout>
    );
  }
  if (status.isPending) {
    return (
      <AuthLayout title={t('signUp.title')} footer={footer}>
        <LoadingState />
      </AuthLayout>
    );
  }
  const invitation = status.data;
  if (invitation && invitation.state !== 'valid') return <UnusableInvitation invitation={invitation} footer={footer} />;
  // Without an answer (offline, server busy) the form still works: the sign-up itself checks the link.
  return <SignUpForm inviteToken={inviteToken} invitation={invitation} footer={footer} />;
}

function SignUpForm({ inviteToken, invitation, footer }: { inviteToken: string; invitation: InvitationStatus | undefined; footer: ReactNode }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signUp = useSignUp();
  const rulesId = useId();
  const invitedEmail = invitation?.email ?? null;
  const [form, setForm] = useState({ first_name: '', last_name: '', email: invitedEmail ?? '', password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const check = checkPassword(form.password, form.email);
  const mismatch = form.confirm !== '' && form.confirm !== form.password;
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!passwordOk(check) || form.password !== form.confirm) return;
    signUp.mutate(
      {
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        email: form.email.trim(),
        password: form.password,
        invite_token: inviteToken,
      },
      {
        onSuccess: (session) => {
          if (session.userId !== null) armWelcome(session.userId);
          navigate(homePathFor(session.userRole), { replace: true });
        },
      },
    );
  };

  const description = invitation?.inviter_name ? t('signUp.descriptionFrom', { name: invitation.inviter_name }) : t('signUp.description');

  return (
    <AuthLayout title={t('signUp.title')} description={description} footer={footer}>
      <form onSubmit={submit} className="space-y-4">
        {signUp.isError && <Alert tone="danger">{translateAuthMessage(signUp.error.message, t)}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t('fields.firstName')} name="first_name" autoComplete="given-name" required maxLength={100} value={form.first_name} onChange={set('first_name')} />
          <Input label={t('fields.lastName')} name="last_name" autoComplete="family-name" required maxLength={100} value={form.last_name} onChange={set('last_name')} />
        </div>
        {invitedEmail !== null ? (
          <Input
            label={t('fields.email')}
            hint={t('signUp.emailLocked')}
            type="email"
            name="email"
            autoComplete="email"
            readOnly
            aria-readonly="true"
            className="cursor-default bg-stone-100 text-stone-700"
            value={invitedEmail}
          />
        ) : (
          <Input
            label={t('fields.email')}
            hint={t('signUp.emailHint')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.email}
            onChange={set('email')}
          />
        )}
        <Input
          label={t('fields.newPassword')}
          type="password"
          name="password"
          autoComplete="new-password"
          maxLength={256}
          required
          aria-describedby={rulesId}
          error={submitted && !passwordOk(check) ? t('password.fix') : undefined}
          value={form.password}
          onChange={set('password')}
        />
        <PasswordRules id={rulesId} check={check} />
        <Input
          label={t('fields.confirmPassword')}
          type="password"
          name="confirm"
          autoComplete="new-password"
          maxLength={256}
          required
          error={mismatch || (submitted && form.confirm !== form.password) ? t('password.mismatch') : undefined}
          value={form.confirm}
          onChange={set('confirm')}
        />
        <Button type="submit" block size="lg" loading={signUp.isPending}>
          {t('signUp.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
