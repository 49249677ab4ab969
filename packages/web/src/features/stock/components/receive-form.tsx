import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceToday, type StockProduct } from '@verdant/contract';
import { Button, Input, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useReceiveStock } from '../api/use-stock';
import { parseQuantity } from './quantity';

/** A delivery: product, lot number, supplier, expiry, the day it came in and the quantity in the product's unit. */
export function ReceiveForm({ companyId, products, productId, onDone }: { companyId: number; products: StockProduct[]; productId: number | null; onDone: () => void }) {
  const { t } = useTranslation('stock');
  const toast = useToast();
  const receive = useReceiveStock(companyId);
  const [product, setProduct] = useState(productId ? String(productId) : '');
  const [lot, setLot] = useState('');
  const [supplier, setSupplier] = useState('');
  const [expiry, setExpiry] = useState('');
  const [receivedOn, setReceivedOn] = useState(deviceToday());
  const [quantity, setQuantity] = useState('');
  const [tried, setTried] = useState(false);
  const chosen = products.find((p) => String(p.product_id) === product);
  const errors = {
    product: !chosen ? t('receive.productRequired') : !chosen.unit ? t('receive.noUnit') : null,
    lot: lot.trim() === '' ? t('receive.lotRequired') : null,
    quantity: parseQuantity(quantity) === null ? t('receive.quantityInvalid') : null,
    receivedOn: receivedOn === '' ? t('receive.dateRequired') : null,
    expiry: expiry !== '' && receivedOn !== '' && expiry < receivedOn ? t('receive.expiryBeforeReceipt') : null,
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.values(errors).some(Boolean) || !chosen) return;
    receive.mutate(
      {
        product_id: chosen.product_id, lot_number: lot.trim(), quantity: parseQuantity(quantity)!, received_on: receivedOn,
        ...(supplier.trim() ? { supplier: supplier.trim() } : {}), ...(expiry ? { expiry_date: expiry } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('receive.done', { name: chosen.name }));
          onDone();
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };
  const err = (k: keyof typeof errors) => (tried ? (errors[k] ?? undefined) : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Select
        label={t('receive.product')} value={product} onChange={(e) => setProduct(e.target.value)} required error={err('product')}
        options={[{ value: '', label: t('receive.chooseProduct') }, ...products.map((p) => ({ value: String(p.product_id), label: p.unit ? `${p.name} (${p.unit})` : p.name }))]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('receive.lot')} value={lot} onChange={(e) => setLot(e.target.value)} required maxLength={100} error={err('lot')} />
        <Input label={t('receive.supplier')} value={supplier} onChange={(e) => setSupplier(e.target.value)} maxLength={200} />
        <Input
          label={chosen?.unit ? t('receive.quantityIn', { unit: chosen.unit }) : t('receive.quantity')} inputMode="decimal" value={quantity}
          onChange={(e) => setQuantity(e.target.value)} required error={err('quantity')}
        />
        <Input type="date" label={t('receive.expiry')} hint={t('receive.expiryHint')} value={expiry} onChange={(e) => setExpiry(e.target.value)} error={err('expiry')} />
        <Input type="date" label={t('receive.receivedOn')} value={receivedOn} onChange={(e) => setReceivedOn(e.target.value)} required error={err('receivedOn')} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={receive.isPending}>{t('app:ui.cancel')}</Button>
        <Button type="submit" loading={receive.isPending}>{t('receive.submit')}</Button>
      </div>
    </form>
  );
}
