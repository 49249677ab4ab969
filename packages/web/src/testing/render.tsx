import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProvider } from '../app/provider';
import { createAppStore } from '../app/store';
import { setNavigateHandler } from '../lib/session';

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** Renders routes inside the real providers with a memory router. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  setNavigateHandler((path) => void router.navigate(path, { replace: true }));
  const queryClient = createTestQueryClient();
  const store = createAppStore();
  const utils = render(
    <AppProvider store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient, store };
}

/** Renders one element at a path, inside the providers. */
export function renderPage(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}
