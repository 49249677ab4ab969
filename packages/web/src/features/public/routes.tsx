import type { RouteObject } from 'react-router';
import type { FeatureKey } from './features';
import { paths } from '../../lib/paths';
import { LoadingText } from '../../components/ui';

/** Shown only while the first public page's code loads (later navigations keep the current page). */
function PublicLoading() {
  return (
    <LoadingText className="flex min-h-dvh items-center justify-center bg-white text-stone-600" />
  );
}

function featureRoute(path: string, feature: FeatureKey): RouteObject {
  return {
    path,
    lazy: async () => {
      const { FeaturePage } = await import('./pages/feature-page');
      return { element: <FeaturePage feature={feature} /> };
    },
  };
}

/**
 * The marketing and information pages. Every module loads lazily, so none of this code ships in the
 * dashboard's bundle. The shell adds /login, /signIn, /signUp, /ResetPassword, /NewPassword and the
 * catch-all.
 */
export const publicRoutes: RouteObject[] = [
  {
    id: 'public',
    HydrateFallback: PublicLoading,
    lazy: async () => ({ Component: (await import('./components/public-layout')).PublicLayout }),
    children: [
      { path: paths.home, lazy: async () => ({ Component: (await import('./pages/home-page')).HomePage }) },
      featureRoute('/camera', 'camera'),
      featureRoute('/reporting', 'reporting'),
      featureRoute('/inventory', 'inventory'),
      featureRoute('/forecasting', 'forecasting'),
      featureRoute('/ai-smart-glasses', 'aiSmartGlasses'),
      featureRoute('/ipm-scouting', 'ipmScouting'),
      { path: paths.about, lazy: async () => ({ Component: (await import('./pages/about-page')).AboutPage }) },
      { path: paths.contact, lazy: async () => ({ Component: (await import('./pages/contact-page')).ContactPage }) },
      { path: paths.payments, lazy: async () => ({ Component: (await import('./pages/payments-page')).PaymentsPage }) },
      { path: paths.yearPayment, lazy: async () => ({ Component: (await import('./pages/year-payment-page')).YearPaymentPage }) },
      { path: paths.postPayment, lazy: async () => ({ Component: (await import('./pages/post-payment-page')).PostPaymentPage }) },
      { path: paths.unauthorized, lazy: async () => ({ Component: (await import('./pages/unauthorized-page')).UnauthorizedPage }) },
      { path: paths.notFound, lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }) },
    ],
  },
];
