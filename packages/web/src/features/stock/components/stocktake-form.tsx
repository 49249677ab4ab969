import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockProduct } from '@verdant/contract';
import { Alert, Button, Input, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useStocktake } from '../api/use-stock';
import { parseQuantity } from './quantity';

/** What was counted of each lot of a product, and why the stock is adjusted (required: it goes into the audit). */
export function StocktakeForm({ companyId, product, onDone }: { companyId: number; product: StockProduct; onDone: () => void }) {
  const { t } = useTranslation('stock');
  const toast = useToast();
  const save = useStocktake(companyId);
  const [counts, setCounts] = useState<Record<number, string>>(Object.fromEntries(product.lots.map((l) => [l.lot_id, String(l.quantity)])));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const invalid = product.lots.filter((l) => parseQuantity(counts[l.lot_id] ?? '', { allowZero: true }) === null).map((l) => l.lot_id);
  const reasonError = reason.trim() === '' ? t('stocktake.reasonRequired') : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid.length || reasonError) return;
    save.mutate(
      { productId: product.product_id, counts: product.lots.map((l) => ({ lot_id: l.lot_id, quantity: parseQuantity(counts[l.lot_id]!, { allowZero: true })! })), reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('stocktake.done', { name: product.name }));
          onDone();
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };

  if (product.lots.length === 0) {
    return <Alert tone="info">{product.shortfall > 0 ? t('stocktake.noLotsShortfall') : t('stocktake.noLots')}</Alert>;
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {product.shortfall > 0 && <Alert tone="warning">{t('stocktake.settlesShortfall', { quantity: product.shortfall, unit: product.unit ?? '' })}</Alert>}
      {product.lots.map((l) => (
        <Input
          key={l.lot_id} inputMode="decimal" value={counts[l.lot_id] ?? ''} onChange={(e) => setCounts((c) => ({ ...c, [l.lot_id]: e.target.value }))}
          label={t('stocktake.counted', { lot: l.lot_number, unit: product.unit ?? '' })} hint={t('stocktake.recorded', { quantity: l.quantity })}
          error={tried && invalid.includes(l.lot_id) ? t('stocktake.countInvalid') : undefined}
        />
      ))}
      <Textarea label={t('stocktake.reason')} hint={t('stocktake.reasonHint')} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} rows={2} error={tried ? reasonError : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>{t('app:ui.cancel')}</Button>
        <Button type="submit" loading={save.isPending}>{t('stocktake.submit')}</Button>
      </div>
    </form>
  );
}
