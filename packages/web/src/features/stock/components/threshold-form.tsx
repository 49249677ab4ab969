import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockProduct } from '@verdant/contract';
import { Button, Input, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useStockThreshold } from '../api/use-stock';
import { parseQuantity } from './quantity';

/** The quantity at or below which a product shows as low; blank: no warning. */
export function ThresholdForm({ companyId, product, onDone }: { companyId: number; product: StockProduct; onDone: () => void }) {
  const { t } = useTranslation('stock');
  const toast = useToast();
  const save = useStockThreshold(companyId);
  const [level, setLevel] = useState(product.low_stock_threshold === null ? '' : String(product.low_stock_threshold));
  const [tried, setTried] = useState(false);
  const parsed = level.trim() === '' ? null : parseQuantity(level, { allowZero: true });
  const error = level.trim() !== '' && parsed === null ? t('threshold.invalid') : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (error) return;
    save.mutate({ productId: product.product_id, level: parsed }, {
      onSuccess: () => {
        toast.success(t('threshold.done', { name: product.name }));
        onDone();
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Input label={t('threshold.label', { unit: product.unit ?? '' })} hint={t('threshold.hint')} inputMode="decimal" value={level} onChange={(e) => setLevel(e.target.value)} error={tried ? error : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>{t('app:ui.cancel')}</Button>
        <Button type="submit" loading={save.isPending}>{t('threshold.submit')}</Button>
      </div>
    </form>
  );
}
