import { configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type Persistor,
} from 'redux-persist';
import { persistStorage } from '../lib/persist-storage';
import { readSession, subscribeSession } from '../lib/session';
import { sessionChanged } from '../state/auth-slice';
import { PERSISTED_SLICES, rootReducer, type RootState } from '../state/root-reducer';

export const persistConfig = { key: 'root', storage: persistStorage, whitelist: PERSISTED_SLICES as string[], version: 1 };

export function createAppStore(preloaded?: Partial<RootState>) {
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    preloadedState: preloaded as never,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
  // The auth slice is rebuilt from storage, and follows it (sign-in, refresh, sign-out, other tabs).
  subscribeSession((session) => store.dispatch(sessionChanged(session)));
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', () => store.dispatch(sessionChanged(readSession())));
  }
  const persistor: Persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
