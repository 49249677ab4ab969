import { useEffect, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LoadingState, ToastProvider } from '../components/ui';
import { i18n, setLanguage } from '../lib/i18n';
import { onSessionEnd } from '../lib/session';
import { useAppSelector } from '../state/hooks';
import { preferencesReset } from '../state/preferences-slice';
import { createAppStore } from './store';
import { isNotAvailableOffline } from '../api/offline-errors';

// TanStack assumes "online" until an event says otherwise; a page loaded without a connection must
// not fire requests that can only fail (cold offline, issue 10).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine !== false);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Nothing stored on the device offline: trying again cannot help.
      queries: { retry: (count, err) => count < 1 && !isNotAvailableOffline(err), staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  });
}

/** Keeps i18next on the persisted language. */
function LanguageSync() {
  const language = useAppSelector((s) => s.preferences.language);
  useEffect(() => {
    if (language) setLanguage(language);
  }, [language]);
  return null;
}

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own store and client. */
  store?: ReturnType<typeof createAppStore>;
  queryClient?: QueryClient;
}

export function AppProvider({ children, store: givenStore, queryClient: givenClient }: AppProviderProps) {
  const [{ store, persistor }] = useState(() => givenStore ?? createAppStore());
  const [queryClient] = useState(() => givenClient ?? createQueryClient());

  useEffect(
    () =>
      onSessionEnd(() => {
        queryClient.clear();
        store.dispatch(preferencesReset());
        // Another user may sign in on this device: the company's local copies go too.
        // Loaded here, not up front: the offline layer is not part of the sign-in screen's first download.
        void import('../api/offline-prefetch').then(({ forgetOfflineData }) => forgetOfflineData()).catch((err: unknown) => console.error('Could not clear the offline copies', err));
      }),
    [queryClient, store],
  );

  return (
    <ReduxProvider store={store}>
      <PersistGate loading={<LoadingState />} persistor={persistor}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <LanguageSync />
              {children}
            </ToastProvider>
          </QueryClientProvider>
        </I18nextProvider>
      </PersistGate>
    </ReduxProvider>
  );
}
