import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input } from '../../../components/ui';
import { useRequestPasswordReset } from '../api/use-auth-mutations';
import { translateAuthMessage } from '../lib/server-message';
import { AuthLayout, linkClass } from './auth-layout';
import { paths } from '../../../lib/paths';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(email.trim());
  };

  return (
    <AuthLayout
      title={t('reset.title')}
      description={t('reset.description')}
      footer={
        <Link to={paths.signIn} className={linkClass}>
          {t('reset.back')}
        </Link>
      }
    >
      {request.isSuccess ? (
        <Alert tone="success" title={t('reset.sentTitle')}>
          {t('reset.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {request.isError && <Alert tone="danger">{translateAuthMessage(request.error.message, t)}</Alert>}
          <Input
            label={t('fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" block size="lg" loading={request.isPending}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
