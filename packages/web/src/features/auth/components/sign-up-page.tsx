import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input } from '../../../components/ui';
import { homePathFor } from '../../../lib/session';
import { useSignUp } from '../api/use-auth-mutations';
import { checkPassword, passwordOk } from '../lib/password-rules';
import { useOneTimeUrlToken } from '../lib/use-one-time-url-token';
import { translateAuthMessage } from '../lib/server-message';
import { AuthLayout, linkClass } from './auth-layout';
import { PasswordRules } from './password-rules';
import { paths } from '../../../lib/paths';

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const inviteToken = useOneTimeUrlToken('invite_token');
  const signUp = useSignUp();
  const rulesId = useId();
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', password: '', confirm: '' });
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
      { onSuccess: (session) => navigate(homePathFor(session.userRole), { replace: true }) },
    );
  };

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

  return (
    <AuthLayout title={t('signUp.title')} description={t('signUp.description')} footer={footer}>
      <form onSubmit={submit} className="space-y-4">
        {signUp.isError && <Alert tone="danger">{translateAuthMessage(signUp.error.message, t)}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t('fields.firstName')} name="first_name" autoComplete="given-name" required maxLength={100} value={form.first_name} onChange={set('first_name')} />
          <Input label={t('fields.lastName')} name="last_name" autoComplete="family-name" required maxLength={100} value={form.last_name} onChange={set('last_name')} />
        </div>
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
