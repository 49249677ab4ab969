import { useTranslation } from 'react-i18next';
import type { StockProduct } from '@verdant/contract';
import { Badge, Button, Card, ScrollRegion } from '../../../components/ui';

export type StockAction = 'receive' | 'stocktake' | 'threshold' | 'history';

/** One product's stock: on hand, its level, and its lots earliest expiry first. */
export function StockProductCard({ product: p, canEdit, online, onAction }: {
  product: StockProduct;
  canEdit: boolean;
  online: boolean;
  onAction: (action: StockAction, product: StockProduct) => void;
}) {
  const { t } = useTranslation('stock');
  const unit = p.unit ?? '';
  const history = (
    <Button size="sm" variant="ghost" onClick={() => onAction('history', p)} aria-label={t('history.openNamed', { name: p.name })}>{t('history.open')}</Button>
  );
  const actions = !canEdit ? <div className="flex flex-wrap gap-2">{history}</div> : (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" disabled={!online} onClick={() => onAction('receive', p)} aria-label={t('product.receiveNamed', { name: p.name })}>{t('product.receive')}</Button>
      <Button size="sm" variant="secondary" disabled={!online} onClick={() => onAction('stocktake', p)} aria-label={t('product.stocktakeNamed', { name: p.name })}>{t('product.stocktake')}</Button>
      <Button size="sm" variant="ghost" disabled={!online} onClick={() => onAction('threshold', p)} aria-label={t('product.thresholdNamed', { name: p.name })}>{t('product.threshold')}</Button>
      {history}
    </div>
  );
  return (
    <Card title={p.name} padded={false}>
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pb-3 sm:px-5" data-testid="stock-product">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold text-stone-900" data-testid="on-hand">{t('product.onHand', { quantity: p.on_hand, unit })}</span>
          {p.low && <Badge tone="warning">{t('product.low')}</Badge>}
          {p.shortfall > 0 && <Badge tone="danger">{t('product.short', { quantity: p.shortfall, unit })}</Badge>}
          {!p.unit && <Badge tone="neutral">{t('product.noUnit')}</Badge>}
          {p.low_stock_threshold !== null && <span className="text-sm text-stone-600">{t('product.level', { quantity: p.low_stock_threshold, unit })}</span>}
        </div>
        {actions}
      </div>
      {p.lots.length === 0 ? (
        <p className="border-t border-stone-200 px-4 py-3 text-sm text-stone-600 sm:px-5">{t('product.noLots')}</p>
      ) : (
        <ScrollRegion label={t('product.lotsOf', { name: p.name })}>
          <table className="w-full text-left text-sm">
            <thead className="border-y border-stone-200 bg-stone-50 text-stone-700">
              <tr>
                <th className="px-4 py-2 font-medium sm:px-5">{t('lots.lot')}</th>
                <th className="px-3 py-2 font-medium">{t('lots.supplier')}</th>
                <th className="px-3 py-2 font-medium">{t('lots.expiry')}</th>
                <th className="px-3 py-2 font-medium">{t('lots.received')}</th>
                <th className="px-3 py-2 text-right font-medium">{t('lots.quantity', { unit })}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {p.lots.map((l) => (
                <tr key={l.lot_id} data-testid="stock-lot">
                  <td className="whitespace-nowrap px-4 py-2 font-medium text-stone-900 sm:px-5">{l.lot_number}</td>
                  <td className="px-3 py-2 text-stone-700">{l.supplier ?? '—'}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-stone-700">
                    {l.expiry_date ?? '—'} {l.expired && <Badge tone="danger">{t('lots.expired')}</Badge>}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-stone-700">{l.received_on}</td>
                  <td className="px-3 py-2 text-right tabular-nums text-stone-900">{l.quantity} / {l.quantity_received}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Card>
  );
}
