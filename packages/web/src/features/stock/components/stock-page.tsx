import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, deviceToday, type StockProduct } from '@verdant/contract';
import { Button, ButtonLink, Dialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { exportStockCsv } from '../../../api/stock';
import { stockQuery } from '../../../api/queries/stock';
import { useAuth } from '../../../state/hooks';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { paths } from '../../../lib/paths';
import { ReceiveForm } from './receive-form';
import { StocktakeForm } from './stocktake-form';
import { ThresholdForm } from './threshold-form';
import { StockWarningsCard } from './stock-warnings';
import { StockProductCard, type StockAction } from './stock-product-card';
import { StockHistory } from './stock-history';
import { saveBlob } from '@/lib/save-blob';

/**
 * Stock of plant-protection products, per lot: what is on hand, lots earliest expiry first, warnings (low,
 * expired, used beyond the records), receipts and stocktakes (admins), and the CSV export.
 */
export default function StockPage() {
  const { t } = useTranslation('stock');
  const toast = useToast();
  const { companyID, userRole } = useAuth();
  const companyId = Number(companyID ?? 0);
  const online = useOnlineStatus();
  const canEdit = Boolean(userRole && (ADMIN_ROLES as readonly string[]).includes(userRole));
  const stock = useQuery({ ...stockQuery(companyId), enabled: companyId > 0 });
  const [open, setOpen] = useState<{ action: StockAction; product: StockProduct | null } | null>(null);
  const csv = useMutation({
    mutationFn: () => exportStockCsv(companyId),
    onSuccess: (blob) => saveBlob(blob, `stock-${deviceToday()}.csv`),
    onError: (err) => toast.danger(errorMessage(err)),
  });
  const close = () => setOpen(null);
  const products = stock.data?.products ?? [];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            {canEdit && products.length > 0 && <Button onClick={() => setOpen({ action: 'receive', product: null })} disabled={!online}>{t('page.receive')}</Button>}
            <Button variant="secondary" onClick={() => csv.mutate()} loading={csv.isPending} disabled={!online || products.length === 0}>{t('page.export')}</Button>
          </div>
        }
      />
      {stock.isPending ? (
        <LoadingState />
      ) : stock.isError ? (
        <ErrorState error={stock.error} onRetry={() => void stock.refetch()} />
      ) : products.length === 0 ? (
        <EmptyState title={t('page.emptyTitle')} description={t('page.emptyBody')} action={<ButtonLink to={paths.treatmentProduct}>{t('page.openProducts')}</ButtonLink>} />
      ) : (
        <>
          <StockWarningsCard warnings={stock.data.warnings} />
          {products.map((p) => (
            <StockProductCard key={p.product_id} product={p} canEdit={canEdit} online={online} onAction={(action, product) => setOpen({ action, product })} />
          ))}
        </>
      )}
      <Dialog open={open?.action === 'receive'} onClose={close} title={t('receive.title')}>
        {open?.action === 'receive' && <ReceiveForm companyId={companyId} products={products} productId={open.product?.product_id ?? null} onDone={close} />}
      </Dialog>
      <Dialog open={open?.action === 'stocktake'} onClose={close} title={t('stocktake.title', { name: open?.product?.name ?? '' })}>
        {open?.action === 'stocktake' && open.product && <StocktakeForm companyId={companyId} product={open.product} onDone={close} />}
      </Dialog>
      <Dialog open={open?.action === 'history'} onClose={close} title={t('history.title', { name: open?.product?.name ?? '' })}>
        {open?.action === 'history' && open.product && <StockHistory companyId={companyId} product={open.product} />}
      </Dialog>
      <Dialog open={open?.action === 'threshold'} onClose={close} title={t('threshold.title', { name: open?.product?.name ?? '' })}>
        {open?.action === 'threshold' && open.product && <ThresholdForm companyId={companyId} product={open.product} onDone={close} />}
      </Dialog>
    </div>
  );
}
