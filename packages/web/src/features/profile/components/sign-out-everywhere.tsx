import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authMessages } from '@verdant/contract';
import { Alert, Button, Card, ConfirmDialog, useToast } from '../../../components/ui';
import { translateServerMessage } from '../../../lib/server-message';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useLogoutEverywhere } from '../api/use-logout-everywhere';

/** Ends every session of the user (a lost phone, a shared computer), this device's too. */
export function SignOutEverywhere() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const online = useOnlineStatus();
  const server = (message: string) => translateServerMessage(message, authMessages, t, 'profile:authServer');
  const logout = useLogoutEverywhere((message) => toast.success(server(message)));
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    logout.mutate(undefined, {
      onError: (err) => {
        setConfirming(false);
        toast.danger(server(err.message));
      },
    });

  return (
    <Card title={t('sessions.title')} description={t('sessions.description')}>
      <div className="space-y-4">
        {!online && <Alert tone="warning">{t('sessions.offline')}</Alert>}
        <Button variant="danger" disabled={!online} onClick={() => setConfirming(true)}>
          {t('sessions.signOutEverywhere')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        destructive
        loading={logout.isPending}
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmText')}
        confirmLabel={t('sessions.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </Card>
  );
}
