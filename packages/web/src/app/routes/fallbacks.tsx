import { Navigate, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, EmptyState } from '../../components/ui';
import { Logo } from '../../components/icons';
import { homePathFor, isLoggedIn, readSession } from '../../lib/session';
import { paths } from '../../lib/paths';

/** The spec's exact text for an unknown /dashboard/* path. */
export const DASHBOARD_NOT_FOUND_TEXT = 'Page Not Found: The page you are looking for does not exist.';

export function DashboardNotFound() {
  const { t } = useTranslation('app');
  return (
    <div className="py-10">
      <h1 className="text-xl font-semibold text-stone-900">{DASHBOARD_NOT_FOUND_TEXT}</h1>
      <ButtonLink to={paths.dashboard} variant="secondary" className="mt-6">
        {t('notFound.backToDashboard')}
      </ButtonLink>
    </div>
  );
}

/** Unknown public path: signed in → the role's home; otherwise the 404 page. */
export function UnknownPublicPath() {
  if (isLoggedIn()) return <Navigate to={homePathFor(readSession().userRole)} replace />;
  return <Navigate to={paths.notFound} replace />;
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <Logo />
      <div className="w-full max-w-lg">{children}</div>
    </div>
  );
}

/** Used only when the public pages do not define /404 themselves. */
export function FallbackNotFoundPage() {
  const { t } = useTranslation('app');
  return (
    <Shell>
      <EmptyState
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={<ButtonLink to="/">{t('notFound.home')}</ButtonLink>}
      />
    </Shell>
  );
}

/** Used only when the public pages do not define /unauthorized themselves. */
export function FallbackUnauthorizedPage() {
  const { t } = useTranslation('app');
  return (
    <Shell>
      <EmptyState
        title={t('unauthorized.title')}
        description={t('unauthorized.description')}
        action={<ButtonLink to={paths.signIn}>{t('unauthorized.signIn')}</ButtonLink>}
      />
    </Shell>
  );
}

/** A render error or a failed lazy chunk (e.g. after a deploy): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation('app');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  console.error('Route error', error);
  return (
    <Shell>
      <EmptyState
        title={t('routeError.title')}
        description={
          <>
            {t('routeError.description')}
            {detail && <span className="mt-2 block font-mono text-xs text-stone-600">{detail}</span>}
          </>
        }
        action={
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        }
      />
    </Shell>
  );
}
