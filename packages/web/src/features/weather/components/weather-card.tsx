import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deviceToday, type WeatherPlace } from '@verdant/contract';
import { Alert, Button, ButtonLink, Card, ErrorState, LoadingState } from '../../../components/ui';
import { ageText } from '../../../components/offline-status/offline-readiness';
import { ApiError } from '../../../api/api-error';
import { paths } from '../../../lib/paths';
import { useWeather } from '../api/use-weather';
import { WeatherToday } from './weather-today';
import { WeatherWeek } from './weather-week';

const placeName = (place: WeatherPlace) => (place.country ? `${place.name}, ${place.country}` : place.name);

/**
 * Today's weather and the week ahead at the signed-in user's location, for the overview. Says where to
 * set the location when there is none, and shows the last weather kept, with its age, when the weather
 * service cannot be reached.
 */
export function WeatherCard({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('weather');
  const view = useWeather();
  const today = deviceToday();

  const askingForPlace = view.kind === 'no-location' || (view.kind === 'failed' && view.error instanceof ApiError && view.error.field === 'location');
  let place: WeatherPlace | null = null;
  let body: ReactNode;
  if (view.kind === 'loading') body = <LoadingState className="flex items-center gap-2 py-6 text-sm text-stone-600" />;
  else if (view.kind === 'no-location') {
    body = (
      <div className="rounded-lg border border-dashed border-stone-300 px-4 py-5 text-center" data-testid="weather-no-location">
        <p className="text-sm font-semibold text-stone-900">{t('noLocation.title')}</p>
        <p className="mt-1 text-sm text-stone-600">{t('noLocation.hint')}</p>
        <ButtonLink to={paths.profile} size="sm" className="mt-3">
          {t('noLocation.action')}
        </ButtonLink>
      </div>
    );
  } else if (view.kind === 'failed') {
    const wrongPlace = view.error instanceof ApiError && view.error.field === 'location';
    body = (
      <div className="space-y-3">
        <ErrorState error={view.error} onRetry={wrongPlace ? undefined : view.retry} title={wrongPlace ? t('placeNotFound') : t('failed')} />
        {wrongPlace && (
          <ButtonLink to={paths.profile} size="sm" variant="secondary">
            {t('noLocation.fix')}
          </ButtonLink>
        )}
      </div>
    );
  } else {
    place = view.today?.place ?? view.week?.place ?? null;
    const fetched = [view.today?.fetched_at, view.week?.fetched_at].filter((v): v is string => Boolean(v)).map((v) => Date.parse(v));
    const age = fetched.length ? ageText(Math.min(...fetched), Date.now(), i18n.language, t('justNow')) : null;
    const hasData = Boolean(view.today || view.week);
    body = (
      <div className="space-y-4">
        {view.unavailable === 'not_configured' && !hasData && (
          <Alert tone="info" title={t('notConfigured.title')}>
            {t('notConfigured.text')}
          </Alert>
        )}
        {view.unavailable === 'unreachable' && (
          <Alert
            tone="warning"
            title={t('unreachable.title')}
            action={
              <Button size="sm" variant="secondary" onClick={view.retry}>
                {t('retry')}
              </Button>
            }
          >
            {hasData && age ? t('unreachable.showingKept', { age }) : t('unreachable.nothingKept')}
          </Alert>
        )}
        {view.unavailable === 'offline' && hasData && (
          <Alert tone="info" title={t('offline.title')}>
            {age ? t('unreachable.showingKept', { age }) : null}
          </Alert>
        )}
        {view.today && <WeatherToday today={view.today} />}
        {view.week && (
          <section aria-labelledby="weather-week-title">
            <h3 id="weather-week-title" className="mb-2 text-sm font-semibold text-stone-800">
              {t('week.title')}
            </h3>
            <WeatherWeek days={view.week.days} today={today} />
          </section>
        )}
        {hasData && age && (
          <p className="text-xs text-stone-600" data-testid="weather-age">
            {t('updated', { age })}
          </p>
        )}
      </div>
    );
  }

  return (
    <Card
      title={t('title')}
      description={place ? placeName(place) : undefined}
      className={className}
      data-testid="weather-card"
      // One way to the location: the card's own button when there is none (or it is wrong), this link otherwise.
      footer={
        askingForPlace ? undefined : (
          <Link to={paths.profile} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {t('changeLocation')} <span aria-hidden="true">&nbsp;→</span>
          </Link>
        )
      }
    >
      {body}
    </Card>
  );
}
