import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GRID_OPACITY, type DashboardTile } from '@verdant/contract';
import { Badge, ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { Icon } from '../../../components/icons';
import { gridOpacityQuery, gridOrderQuery } from '../../../api/queries/company-settings';
import { TILES } from '../../../lib/dashboard-tiles';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../../state/hooks';

function Tile({ id, opacity }: { id: DashboardTile; opacity: number }) {
  const { t } = useTranslation('app');
  const tile = TILES[id];
  const body = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span
          className={cn(
            'inline-flex size-11 items-center justify-center rounded-lg',
            tile.available ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-600',
          )}
        >
          <Icon name={tile.icon} className="size-6" />
        </span>
        {!tile.available && <Badge>{t('tiles.comingSoon')}</Badge>}
      </span>
      <span className="mt-3 text-base font-semibold text-stone-900">{t(`tiles.${id}.title`)}</span>
      <span className="mt-1 text-sm text-stone-600">{t(`tiles.${id}.description`)}</span>
    </>
  );
  const base = 'flex h-full flex-col rounded-xl border bg-white p-4 text-left shadow-xs transition';
  return (
    <li style={{ opacity }} className="min-h-36">
      <Link
        to={tile.path}
        className={cn(
          base,
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          tile.available
            ? 'border-stone-200 hover:border-brand-400 hover:shadow-md'
            : 'border-dashed border-stone-300 hover:border-stone-400',
        )}
      >
        {body}
      </Link>
    </li>
  );
}

/** The company's tile grid: order from get_company_grid_order, opacity from get_grid_opacity. */
export default function OverviewPage() {
  const { t } = useTranslation('overview');
  const { companyID } = useAuth();
  const order = useQuery({ ...gridOrderQuery(companyID ?? 0), enabled: Boolean(companyID) });
  const opacity = useQuery({ ...gridOpacityQuery(companyID ?? 0), enabled: Boolean(companyID) });

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {order.isPending ? (
        <LoadingState />
      ) : order.isError ? (
        <ErrorState error={order.error} onRetry={() => void order.refetch()} title={t('loadFailed')} />
      ) : (
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {order.data.map((id) => (
            <Tile key={id} id={id} opacity={opacity.data ?? DEFAULT_GRID_OPACITY} />
          ))}
        </ul>
      )}
      <p className="mt-6 text-sm text-stone-600">{t('customise')}</p>
    </>
  );
}
