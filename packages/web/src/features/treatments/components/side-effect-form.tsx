import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDE_EFFECTS, type SideEffect, type SprayProduct } from '@verdant/contract';
import { Button, Input, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useSaveSideEffect } from '../api/use-side-effects';

interface Errors { product?: string; species?: string; days?: string }

/**
 * One row of the side-effect table: product × beneficial species, how harmful, for how many days. Editing a row
 * keeps its product and species (the pair is the row; another pair is another row).
 */
export function SideEffectForm({ companyId, products, row, onDone }: { companyId: number; products: SprayProduct[]; row: SideEffect | null; onDone: () => void }) {
  const { t } = useTranslation('treatments');
  const toast = useToast();
  const save = useSaveSideEffect(companyId);
  const [productId, setProductId] = useState(row ? String(row.product_id) : '');
  const [species, setSpecies] = useState(row?.species ?? '');
  const [effect, setEffect] = useState<SideEffect['effect']>(row?.effect ?? 'harmful');
  const [days, setDays] = useState(row ? String(row.persistence_days) : '');
  const [tried, setTried] = useState(false);

  const errors: Errors = {};
  if (!productId) errors.product = t('sideEffects.errors.product');
  if (!species.trim()) errors.species = t('sideEffects.errors.species');
  else if (species.trim().length > 200) errors.species = t('sideEffects.errors.speciesLong');
  const n = Number(days);
  if (days.trim() === '' || !Number.isInteger(n) || n < 0 || n > 365) errors.days = t('sideEffects.errors.days');
  const shown = tried ? errors : {};

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate({ product_id: Number(productId), species: species.trim(), effect, persistence_days: n }, {
      onSuccess: (saved) => {
        toast.success(t('sideEffects.saved', { product: saved.product_name, species: saved.species }));
        onDone();
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Select
        label={t('sideEffects.product')}
        value={productId}
        onChange={(e) => setProductId(e.target.value)}
        disabled={row !== null}
        placeholder={t('sideEffects.pickProduct')}
        options={products.map((p) => ({ value: String(p.product_id), label: p.name }))}
        error={shown.product}
      />
      <Input label={t('sideEffects.species')} hint={t('sideEffects.speciesHint')} value={species} onChange={(e) => setSpecies(e.target.value)} disabled={row !== null} maxLength={200} error={shown.species} />
      <Select
        label={t('sideEffects.effect')}
        value={effect}
        onChange={(e) => setEffect(e.target.value as SideEffect['effect'])}
        options={SIDE_EFFECTS.map((s) => ({ value: s, label: t(`sideEffects.effects.${s}`) }))}
      />
      <Input label={t('sideEffects.days')} hint={t('sideEffects.daysHint')} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} error={shown.days} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>{t('app:ui.cancel')}</Button>
        <Button type="submit" loading={save.isPending}>{t('sideEffects.save')}</Button>
      </div>
    </form>
  );
}
