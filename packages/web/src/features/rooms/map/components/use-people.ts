import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usersListQuery } from '../../../../api/queries/users';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { useAuth } from '../../../../state/hooks';

interface UserLike {
  user_id: number;
  first_name?: string | null;
  last_name?: string | null;
}

/** Names of colleagues from the already-loaded users list (load_users); "user #7" when unknown. */
export function useUserNames(): (userId: number) => string {
  const { t } = useTranslation('rooms');
  const { companyID, userId: me } = useAuth();
  const online = useOnlineStatus();
  const users = useQuery({ ...usersListQuery(companyID ?? 0), enabled: Boolean(companyID) && online, retry: false }).data as
    | UserLike[]
    | undefined;
  return useCallback(
    (id: number) => {
      if (id === me) return t('scan.you');
      const u = users?.find((x) => x.user_id === id);
      const name = u ? `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() : '';
      return name || t('scan.userN', { id });
    },
    [users, me, t],
  );
}
