import { useTranslation } from 'react-i18next';
import type { StockWarnings } from '@verdant/contract';
import { Alert, Card } from '../../../components/ui';

/** How many things the warnings ask to act on. */
export const warningCount = (w: StockWarnings) => w.low_stock.length + w.expired_lots.length + w.shortfalls.length;

/** The warnings, most urgent first: used beyond the records, expired lots still holding stock, low stock. */
export function StockWarningsList({ warnings }: { warnings: StockWarnings }) {
  const { t } = useTranslation('stock');
  return (
    <ul className="flex flex-col gap-2" aria-label={t('warnings.title')}>
      {warnings.shortfalls.map((s) => (
        <li key={`s${s.product_id}`}><Alert tone="danger">{t('warnings.shortfall', { name: s.name, quantity: s.shortfall, unit: s.unit ?? '' })}</Alert></li>
      ))}
      {warnings.expired_lots.map((l) => (
        <li key={`e${l.lot_id}`}><Alert tone="warning">{t('warnings.expired', { name: l.name, lot: l.lot_number, date: l.expiry_date, quantity: l.quantity })}</Alert></li>
      ))}
      {warnings.low_stock.map((p) => (
        <li key={`l${p.product_id}`}><Alert tone="warning">{t('warnings.low', { name: p.name, quantity: p.on_hand, level: p.low_stock_threshold, unit: p.unit ?? '' })}</Alert></li>
      ))}
    </ul>
  );
}

/** Low stock, expired lots still holding stock, and stock used beyond the records: what to act on first. */
export function StockWarningsCard({ warnings }: { warnings: StockWarnings }) {
  const { t } = useTranslation('stock');
  return (
    <Card title={t('warnings.title')}>
      {warningCount(warnings) === 0 ? <p className="text-sm text-stone-600">{t('warnings.none')}</p> : <StockWarningsList warnings={warnings} />}
    </Card>
  );
}
