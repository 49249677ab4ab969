import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TREATMENT_TYPE, TREATMENT_TYPES, type SprayProduct, type Treatment } from '@verdant/contract';
import { Button, Input, Select, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import type { TreatmentType } from '../../../api/treatments';
import { useSaveTreatment } from '../api/use-treatments';

/**
 * A new treatment (a type — biological by default — for one of the products) or the sub-type and notes of
 * an existing one (`treatment`: its product and type are what identify it, so they do not change).
 */
export function TreatmentForm({
  companyId,
  products,
  treatment,
  onDone,
}: {
  companyId: number;
  products: readonly SprayProduct[];
  treatment: Treatment | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('treatments');
  const toast = useToast();
  const save = useSaveTreatment(companyId);
  const [productId, setProductId] = useState(treatment ? String(treatment.product_id) : '');
  const [type, setType] = useState<TreatmentType>(treatment?.treatment_type ?? DEFAULT_TREATMENT_TYPE);
  const [subType, setSubType] = useState(treatment?.sub_type ?? '');
  const [notes, setNotes] = useState(treatment?.notes ?? '');
  const [tried, setTried] = useState(false);
  const productError = productId === '' ? t('treatments.productRequired') : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (productError) return;
    save.mutate(
      { existing: treatment !== null, type, productId: Number(productId), fields: { sub_type: subType.trim(), notes: notes.trim() } },
      {
        onSuccess: (saved) => {
          toast.success(treatment ? t('treatments.updated', { name: saved.product_name }) : t('treatments.created', { name: saved.product_name }));
          onDone();
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Select
        label={t('treatments.product')}
        value={productId}
        onChange={(e) => setProductId(e.target.value)}
        disabled={treatment !== null}
        required
        placeholder={t('treatments.pickProduct')}
        options={products.map((p) => ({ value: String(p.product_id), label: p.name }))}
        error={tried ? productError : undefined}
      />
      <Select
        label={t('treatments.type')}
        value={type}
        onChange={(e) => setType(e.target.value as TreatmentType)}
        disabled={treatment !== null}
        options={TREATMENT_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
      />
      <Input label={t('treatments.subType')} hint={t('treatments.subTypeHint')} value={subType} onChange={(e) => setSubType(e.target.value)} maxLength={100} />
      <Textarea label={t('treatments.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={4000} rows={3} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('app:ui.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {treatment ? t('treatments.save') : t('treatments.create')}
        </Button>
      </div>
    </form>
  );
}
