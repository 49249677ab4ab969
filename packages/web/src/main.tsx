import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { i18nReady } from './lib/i18n';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { initMonitoring } from './lib/monitoring';
import { registerServiceWorker } from './lib/service-worker';
import { setNavigateHandler } from './lib/session';

void initMonitoring();
// Dexie loads in its own chunk; opening it must never block the first paint.
void import('./offline/db').then(({ openOfflineDb }) => openOfflineDb());

const router = createAppRouter();
setNavigateHandler((path) => void router.navigate(path, { replace: true }));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The shell's texts first (a few KiB): the first render shows words, never keys.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );

if (import.meta.env.PROD) registerServiceWorker('/sw.js');
