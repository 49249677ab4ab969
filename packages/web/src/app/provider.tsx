import { useEffect, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LoadingState, ToastProvider } from '../components/ui';
import { i18n, setLanguage } from '../lib/i18n';
import { onSessionEnd } from '../lib/session';
import { useAppSelector } from '../state/hooks';
import { preferencesReset } from '../state/preferences-slice';
import { createAppStore } from './store';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000 },
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
