import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StockProduct } from '@verdant/contract';
import { Alert, Button, EmptyState, ErrorState, LoadingState, ScrollRegion } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { stockMovementsQuery } from '../../../api/queries/stock';
import { useFormatDate } from '../../../lib/format-date';

/** A product's stock movements, newest first: every receipt, use, count and shortfall with who/why it came from. */
export function StockHistory({ companyId, product }: { companyId: number; product: StockProduct }) {
  const { t } = useTranslation('stock');
  const formatDate = useFormatDate();
  const moves = useInfiniteQuery(stockMovementsQuery(companyId, product.product_id));
  if (moves.isPending) return <LoadingState />;
  if (moves.isError && !moves.data) return <ErrorState error={moves.error} onRetry={() => void moves.refetch()} />;
  const rows = moves.data.pages.flatMap((p) => p.movements);
  const total = moves.data.pages.at(-1)?.total ?? rows.length;
  if (rows.length === 0) return <EmptyState title={t('history.empty')} />;
  return (
    <div className="flex flex-col gap-3">
      <ScrollRegion label={t('history.title', { name: product.name })}>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-700">
            <tr>
              <th className="py-2 pr-3 font-medium">{t('history.when')}</th>
              <th className="py-2 pr-3 font-medium">{t('history.kind')}</th>
              <th className="py-2 pr-3 font-medium">{t('history.lot')}</th>
              <th className="py-2 pr-3 text-right font-medium">{t('history.quantity')}</th>
              <th className="py-2 font-medium">{t('history.reason')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {rows.map((m) => (
              <tr key={m.movement_id} data-testid="stock-movement">
                <td className="whitespace-nowrap py-2 pr-3 text-stone-700">{formatDate(m.created_at)}</td>
                <td className="py-2 pr-3 text-stone-900">{t(`history.kinds.${m.kind}`)}</td>
                <td className="whitespace-nowrap py-2 pr-3 text-stone-700">{m.lot_number ?? '—'}</td>
                <td className="py-2 pr-3 text-right tabular-nums text-stone-900">{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</td>
                <td className="py-2 text-stone-700">{m.reason ?? (m.application_id !== null ? t('history.application', { id: m.application_id }) : '—')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="text-sm text-stone-600" data-testid="stock-history-count">{t('history.shown', { shown: rows.length, total })}</p>
      {moves.isFetchNextPageError && <Alert tone="danger">{errorMessage(moves.error)}</Alert>}
      {moves.hasNextPage && (
        <div>
          <Button variant="secondary" loading={moves.isFetchingNextPage} onClick={() => void moves.fetchNextPage()}>
            {t('history.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
