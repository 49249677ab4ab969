import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui';
import { signOut as endSessionAndLogout } from '../../api/auth';
import { formQueueModule } from '../../api/use-form-queue';
import { actionQueueModule } from '../../api/use-outbox';

/**
 * Sign-out that warns first when this user still has submissions on the device. They are not deleted:
 * the queue keeps them under the user's id and sends them the next time this user signs in here.
 * Signing out also asks the server to revoke this device's refresh token (best effort).
 */
export function useGuardedSignOut(userId: number | null | undefined): { signOut: () => void; dialog: ReactNode } {
  const { t } = useTranslation('app');
  const [unsent, setUnsent] = useState(0);

  async function signOut() {
    let count = 0;
    try {
      if (userId) count = (await (await formQueueModule()).formQueue().list(userId)).length;
      // Field actions waiting or refused in the outbox count too (sent ones are only shown, not unsent).
      if (userId) count += (await (await actionQueueModule()).actionQueue().list({ userId })).filter((a) => a.state !== 'sent').length;
    } catch (err) {
      console.warn('Could not read the outbox', err);
    }
    if (count > 0) setUnsent(count);
    else endSessionAndLogout();
  }

  const dialog = (
    <ConfirmDialog
      open={unsent > 0}
      destructive
      title={t('sync.signOutTitle', { count: unsent })}
      description={t('sync.signOutText', { count: unsent })}
      confirmLabel={t('sync.signOutConfirm')}
      onCancel={() => setUnsent(0)}
      onConfirm={() => {
        setUnsent(0);
        endSessionAndLogout();
      }}
    />
  );
  return { signOut: () => void signOut(), dialog };
}
