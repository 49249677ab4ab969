import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GRID_OPACITY, type DashboardTile } from '@verdant/contract';
import { ErrorState } from '../../../components/ui';
import { Icon } from '../../../components/icons';
import { gridOpacityQuery, gridOrderQuery } from '../../../api/queries/company-settings';
import { TILES } from '../../../components/dashboard-tiles';
import { useAuth } from '../../../state/hooks';

function QuickLink({ id, opacity }: { id: DashboardTile; opacity: number }) {
  const { t } = useTranslation('app');
  const tile = TILES[id];
  return (
    <li style={{ opacity }}>
      <Link
        to={tile.path}
        className="flex min-h-14 items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs transition hover:border-brand-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
          <Icon name={tile.icon} className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-stone-900">{t(`tiles.${id}.title`)}</span>
          <span className="block text-xs text-stone-600">{t(`tiles.${id}.description`)}</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The company's tiles, below the figures: order from get_company_grid_order, opacity from get_grid_opacity
 * (the settings screen edits both). Tiles of features not built yet are left out: a morning screen links
 * only to places where something can be done.
 */
export function QuickLinks() {
  const { t } = useTranslation('overview');
  const { companyID } = useAuth();
  const order = useQuery({ ...gridOrderQuery(companyID ?? 0), enabled: Boolean(companyID) });
  const opacity = useQuery({ ...gridOpacityQuery(companyID ?? 0), enabled: Boolean(companyID) });
  const tiles = order.data ?? [];
  if (order.isPending || (order.isSuccess && tiles.length === 0)) return null;
  return (
    <section aria-labelledby="overview-quick-links" className="mt-8">
      <h2 id="overview-quick-links" className="text-base font-semibold text-stone-900">
        {t('quickLinks.title')}
      </h2>
      {order.isError ? (
        <div className="mt-3">
          <ErrorState error={order.error} onRetry={() => void order.refetch()} title={t('cardFailed')} />
        </div>
      ) : (
        <>
          <ul className="mt-3 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {tiles.map((id) => (
              <QuickLink key={id} id={id} opacity={opacity.data ?? DEFAULT_GRID_OPACITY} />
            ))}
          </ul>
          <p className="mt-3 text-sm text-stone-600">{t('quickLinks.customise')}</p>
        </>
      )}
    </section>
  );
}
