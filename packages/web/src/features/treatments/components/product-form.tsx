import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PREHARVEST_DAYS, MAX_REENTRY_HOURS, type SprayProduct } from '@verdant/contract';
import { Button, Input, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import type { SprayProductFields } from '../../../api/spray-products';
import { useSaveProduct } from '../api/use-products';

const asText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A whole number in 0..max, or blank ("none"); else the message key of what is wrong. */
function intervalError(value: string, max: number): string | null {
  const v = value.trim();
  if (v === '') return null;
  if (!/^\d+$/.test(v)) return 'products.wholeNumber';
  return Number(v) > max ? 'products.tooLong' : null;
}

/** Adds a spray product or edits one (`product`): name, details, re-entry hours and pre-harvest days. */
export function ProductForm({ companyId, product, onDone }: { companyId: number; product: SprayProduct | null; onDone: () => void }) {
  const { t } = useTranslation('treatments');
  const toast = useToast();
  const save = useSaveProduct(companyId);
  const [fields, setFields] = useState<SprayProductFields>({
    name: product?.name ?? '',
    details: product?.details ?? '',
    reentry_interval_hours: asText(product?.reentry_interval_hours),
    preharvest_interval_days: asText(product?.preharvest_interval_days),
  });
  const [tried, setTried] = useState(false);
  const set = (k: keyof SprayProductFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));

  const nameError = fields.name.trim() === '' ? t('products.nameRequired') : null;
  const reentryError = intervalError(fields.reentry_interval_hours, MAX_REENTRY_HOURS);
  const preharvestError = intervalError(fields.preharvest_interval_days, MAX_PREHARVEST_DAYS);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameError || reentryError || preharvestError) return;
    save.mutate(
      { productId: product?.product_id ?? null, fields: { ...fields, name: fields.name.trim(), details: fields.details.trim() } },
      {
        onSuccess: (saved) => {
          toast.success(product ? t('products.updated', { name: saved.name }) : t('products.added', { name: saved.name }));
          onDone();
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Input label={t('products.name')} value={fields.name} onChange={set('name')} required maxLength={200} error={tried ? nameError : undefined} />
      <Textarea label={t('products.details')} hint={t('products.detailsHint')} value={fields.details} onChange={set('details')} maxLength={4000} rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('products.reentry')}
          hint={t('products.reentryHint')}
          inputMode="numeric"
          value={fields.reentry_interval_hours}
          onChange={set('reentry_interval_hours')}
          error={tried && reentryError ? t(reentryError, { max: MAX_REENTRY_HOURS }) : undefined}
        />
        <Input
          label={t('products.preharvest')}
          hint={t('products.preharvestHint')}
          inputMode="numeric"
          value={fields.preharvest_interval_days}
          onChange={set('preharvest_interval_days')}
          error={tried && preharvestError ? t(preharvestError, { max: MAX_PREHARVEST_DAYS }) : undefined}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('app:ui.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {product ? t('products.save') : t('products.add')}
        </Button>
      </div>
    </form>
  );
}
