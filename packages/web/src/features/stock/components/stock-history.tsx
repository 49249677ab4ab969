import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StockProduct } from '@verdant/contract';
import { EmptyState, ErrorState, LoadingState, ScrollRegion } from '../../../components/ui';
import { stockMovementsQuery } from '../../../api/queries/stock';
import { useFormatDate } from '../../../lib/format-date';

/** A product's stock movements, newest first: every receipt, use, count and shortfall with who/why it came from. */
export function StockHistory({ companyId, product }: { companyId: number; product: StockProduct }) {
  const { t } = useTranslation('stock');
  const formatDate = useFormatDate();
  const moves = useQuery(stockMovementsQuery(companyId, product.product_id));
  if (moves.isPending) return <LoadingState />;
  if (moves.isError) return <ErrorState error={moves.error} onRetry={() => void moves.refetch()} />;
  if (moves.data.length === 0) return <EmptyState title={t('history.empty')} />;
  return (
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
          {moves.data.map((m) => (
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
  );
}
