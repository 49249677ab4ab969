import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  autoRefreshQuery,
  stickyTrapQuery,
} from '../../api/queries/company-settings';
import { thresholdQuery, userDataQuery, userLanguageQuery } from '../../api/queries/users';
import { useAiModel } from '../../api/queries/use-ai-model';
import { useOfflinePrefetch } from '../../api/offline-prefetch';
import { myConsultantRoomsQuery } from '../../api/queries/consultants';
import { isLanguage } from '../../lib/i18n';
import { useAppDispatch, useAuth } from '../../state/hooks';
import { autoRefreshChanged, languageChanged, stickyTrapChanged } from '../../state/preferences-slice';

/** How often a visible, online tab asks the server whether its session still stands. */
export const SESSION_CHECK_MS = 10_000;

/**
 * What the signed-in shell loads at start: the user's data and threshold, the company's AI model
 * (default kept on failure), the language in effect (the user's own, else the company's) and the
 * company's auto-refresh and sticky-trap settings, which land in the persisted preferences.
 */
export function SessionEffects() {
  const dispatch = useAppDispatch();
  const { userId, companyID, userRole } = useAuth();
  const signedIn = Boolean(userId && companyID);
  const company = companyID ?? 0;
  // A consultant reads only their rooms: none of the staff's fill or user reads (docs/decisions.md, "Consultants").
  const staff = signedIn && userRole !== 'Consultant';

  useAiModel();
  // Cold offline: after the first screen, fill the device with what a scout needs (issue 10).
  useOfflinePrefetch(staff ? companyID : null, userId);
  // Also the session check: once an administrator deactivates the account or the user signs out
  // everywhere, the next call is refused and the refresh interceptor sends this tab to /signIn.
  useQuery({ ...userDataQuery(userId ?? 0, company), enabled: staff, refetchInterval: SESSION_CHECK_MS });
  useQuery({ ...myConsultantRoomsQuery(company), enabled: signedIn && !staff, refetchInterval: SESSION_CHECK_MS });
  useQuery({ ...thresholdQuery(userId ?? 0), enabled: staff });
  const language = useQuery({ ...userLanguageQuery(userId ?? 0, company), enabled: signedIn });
  const autoRefresh = useQuery({ ...autoRefreshQuery(company), enabled: signedIn });
  const stickyTrap = useQuery({ ...stickyTrapQuery(company), enabled: signedIn });

  useEffect(() => {
    const effective = language.data?.effective_language;
    if (isLanguage(effective)) dispatch(languageChanged(effective));
  }, [language.data, dispatch]);
  useEffect(() => {
    if (autoRefresh.data === 0 || autoRefresh.data === 1) dispatch(autoRefreshChanged(autoRefresh.data));
  }, [autoRefresh.data, dispatch]);
  useEffect(() => {
    if (typeof stickyTrap.data === 'number') dispatch(stickyTrapChanged(stickyTrap.data));
  }, [stickyTrap.data, dispatch]);

  return null;
}
