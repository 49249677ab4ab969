import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, ButtonLink, Input } from '../../../components/ui';
import { useResetPassword } from '../api/use-auth-mutations';
import { checkPassword, passwordOk } from '../lib/password-rules';
import { useOneTimeUrlToken } from '../lib/use-one-time-url-token';
import { translateAuthMessage } from '../lib/server-message';
import { AuthLayout, linkClass } from './auth-layout';
import { PasswordRules } from './password-rules';
import { paths } from '../../../lib/paths';

export default function NewPasswordPage() {
  const { t } = useTranslation('auth');
  const token = useOneTimeUrlToken('token');
  const reset = useResetPassword();
  const rulesId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const check = checkPassword(password);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!passwordOk(check) || password !== confirm) return;
    reset.mutate({ token, password });
  };

  const back = (
    <Link to={paths.signIn} className={linkClass}>
      {t('reset.back')}
    </Link>
  );

  if (!token) {
    return (
      <AuthLayout title={t('newPassword.title')} footer={back}>
        <Alert tone="warning" title={t('newPassword.noTokenTitle')}>
          {t('newPassword.noToken')}
        </Alert>
        <ButtonLink to={paths.resetPassword} variant="secondary" block className="mt-4">
          {t('newPassword.requestNew')}
        </ButtonLink>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t('newPassword.title')}>
        <Alert tone="success" title={t('newPassword.doneTitle')}>
          {t('newPassword.done')}
        </Alert>
        <ButtonLink to={paths.signIn} block size="lg" className="mt-4">
          {t('signUp.signIn')}
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('newPassword.title')} description={t('newPassword.description')} footer={back}>
      <form onSubmit={submit} className="space-y-4">
        {reset.isError && (
          <Alert
            tone="danger"
            action={
              <Link to={paths.resetPassword} className={linkClass}>
                {t('newPassword.requestNew')}
              </Link>
            }
          >
            {translateAuthMessage(reset.error.message, t)}
          </Alert>
        )}
        <Input
          label={t('fields.newPassword')}
          type="password"
          name="new_password"
          autoComplete="new-password"
          maxLength={256}
          required
          aria-describedby={rulesId}
          error={submitted && !passwordOk(check) ? t('password.fix') : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordRules id={rulesId} check={check} showEmailRule={false} />
        <p className="text-sm text-stone-600">{t('password.notEmailNote')}</p>
        <Input
          label={t('fields.confirmPassword')}
          type="password"
          name="confirm"
          autoComplete="new-password"
          maxLength={256}
          required
          error={(confirm !== '' && confirm !== password) || (submitted && confirm !== password) ? t('password.mismatch') : undefined}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" block size="lg" loading={reset.isPending}>
          {t('newPassword.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
