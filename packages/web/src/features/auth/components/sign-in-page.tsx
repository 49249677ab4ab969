import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input } from '../../../components/ui';
import { homePathFor, isLoggedIn } from '../../../lib/session';
import { useAuth } from '../../../state/hooks';
import { useSignIn } from '../api/use-auth-mutations';
import { translateAuthMessage } from '../lib/server-message';
import { AuthLayout, linkClass } from './auth-layout';
import { isDashboardPath, paths } from '../../../lib/paths';

/**
 * Where to go after sign-in: the protected page that sent the user here (RequireRole passes it as
 * `state.from`, e.g. a scanned batch QR code's /dashboard/batch-info/{id}), else the role's home.
 */
function returnPath(state: unknown): string | null {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && isDashboardPath(from) ? from : null;
}

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnPath(location.state);
  const auth = useAuth();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (isLoggedIn() && auth.accessToken && !signIn.isPending) return <Navigate to={from ?? homePathFor(auth.userRole)} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate(
      { email: email.trim(), password },
      { onSuccess: (session) => navigate(from ?? homePathFor(session.userRole), { replace: true }) },
    );
  };

  return (
    <AuthLayout
      title={t('signIn.title')}
      description={t('signIn.description')}
      footer={
        <p>
          {t('signIn.noAccount')}{' '}
          <Link to={paths.contact} className={linkClass}>
            {t('signIn.contactUs')}
          </Link>
        </p>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate={false}>
        {signIn.isError && <Alert tone="danger">{translateAuthMessage(signIn.error.message, t)}</Alert>}
        <Input
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Input
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end">
          <Link to={paths.resetPassword} className={`${linkClass} text-sm`}>
            {t('signIn.forgot')}
          </Link>
        </div>
        <Button type="submit" block size="lg" loading={signIn.isPending}>
          {t('signIn.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
