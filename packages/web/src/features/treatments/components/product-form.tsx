import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOSE_BASES, MAX_PREHARVEST_DAYS, MAX_REENTRY_HOURS, PRODUCT_TYPES, PRODUCT_UNITS, type SprayProduct } from '@verdant/contract';
import { Button, Input, Select, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import type { SprayProductFields } from '../../../api/spray-products';
import { cropsQuery } from '../../../api/queries/crops';
import { useSaveProduct } from '../api/use-products';
import { CropList, cropRowError, cropsJson, SubstanceList, substanceRowError, substancesJson, type CropRow, type SubstanceRow } from './product-register-lists';

const asText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A whole number in 0..max, or blank ("none"); else the message key of what is wrong. */
function intervalError(value: string, max: number): string | null {
  const v = value.trim();
  if (v === '') return null;
  if (!/^\d+$/.test(v)) return 'products.wholeNumber';
  return Number(v) > max ? 'products.tooLong' : null;
}

/** A positive number or blank. */
const positiveError = (value: string) => (value.trim() === '' || (Number.isFinite(Number(value)) && Number(value) > 0) ? null : 'register.positive');

type TextFields = Required<Pick<SprayProductFields, 'authorisation_number' | 'authorisation_country' | 'product_type' | 'formulation' | 'unit' | 'max_dose' | 'max_dose_basis' | 'max_applications_per_cycle' | 'protective_equipment'>>;

const registerText = (p: SprayProduct | null): TextFields => ({
  authorisation_number: p?.authorisation_number ?? '',
  authorisation_country: p?.authorisation_country ?? '',
  product_type: p?.product_type ?? '',
  formulation: p?.formulation ?? '',
  unit: p?.unit ?? '',
  max_dose: asText(p?.max_dose),
  max_dose_basis: p?.max_dose_basis ?? '',
  max_applications_per_cycle: asText(p?.max_applications_per_cycle),
  protective_equipment: p?.protective_equipment ?? '',
});

/**
 * Adds a spray product or edits one (`product`): name, details, the two intervals, and the register fields —
 * authorisation, type, active substances, unit, maximum dose, authorised crops with BBCH stages, protective
 * equipment and the label PDF.
 */
export function ProductForm({ companyId, product, onDone }: { companyId: number; product: SprayProduct | null; onDone: () => void }) {
  const { t } = useTranslation('treatments');
  const toast = useToast();
  const save = useSaveProduct(companyId);
  const crops = useQuery({ ...cropsQuery(companyId), enabled: companyId > 0 });
  const [fields, setFields] = useState({
    name: product?.name ?? '',
    details: product?.details ?? '',
    reentry_interval_hours: asText(product?.reentry_interval_hours),
    preharvest_interval_days: asText(product?.preharvest_interval_days),
    ...registerText(product),
  });
  const [substances, setSubstances] = useState<SubstanceRow[]>(
    (product?.active_substances ?? []).map((s) => ({ name: s.name, concentration: asText(s.concentration), concentration_unit: s.concentration_unit ?? '' })),
  );
  const [authorised, setAuthorised] = useState<CropRow[]>(
    (product?.authorised_crops ?? []).map((c) => ({ eppo_code: c.eppo_code, bbch_min: asText(c.bbch_min), bbch_max: asText(c.bbch_max) })),
  );
  const [label, setLabel] = useState<File | null>(null);
  const [removeLabel, setRemoveLabel] = useState(false);
  const [tried, setTried] = useState(false);
  const set = (k: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));

  const nameError = fields.name.trim() === '' ? t('products.nameRequired') : null;
  const reentryError = intervalError(fields.reentry_interval_hours, MAX_REENTRY_HOURS);
  const preharvestError = intervalError(fields.preharvest_interval_days, MAX_PREHARVEST_DAYS);
  const countryError = fields.authorisation_country.trim() !== '' && !/^[A-Za-z]{2}$/.test(fields.authorisation_country.trim()) ? 'register.countryInvalid' : null;
  const doseError = positiveError(fields.max_dose);
  const basisError = fields.max_dose.trim() !== '' && fields.max_dose_basis === '' ? 'register.basisRequired' : null;
  const applicationsError = fields.max_applications_per_cycle.trim() !== '' && !/^[1-9]\d{0,2}$/.test(fields.max_applications_per_cycle.trim()) ? 'register.applicationsInvalid' : null;
  const labelError = label && label.type !== 'application/pdf' && !label.name.toLowerCase().endsWith('.pdf') ? 'register.labelPdf' : null;
  const listsInvalid = substances.some((s) => substanceRowError(s)) || authorised.some((c) => cropRowError(c));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameError || reentryError || preharvestError || countryError || doseError || basisError || applicationsError || labelError || listsInvalid) return;
    const out: SprayProductFields = {
      ...fields,
      name: fields.name.trim(),
      details: fields.details.trim(),
      // A dose cleared clears its basis with it (the server keeps the two together).
      max_dose_basis: fields.max_dose.trim() === '' ? '' : fields.max_dose_basis,
      active_substances: substancesJson(substances),
      authorised_crops: cropsJson(authorised),
      ...(label ? { label } : removeLabel ? { remove_label: 1 as const } : {}),
    };
    save.mutate(
      { productId: product?.product_id ?? null, fields: out },
      {
        onSuccess: (saved) => {
          toast.success(product ? t('products.updated', { name: saved.name }) : t('products.added', { name: saved.name }));
          onDone();
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };
  const err = (key: string | null) => (tried && key ? t(key) : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Input label={t('products.name')} value={fields.name} onChange={set('name')} required maxLength={200} error={tried ? nameError : undefined} />
      <Textarea label={t('products.details')} hint={t('products.detailsHint')} value={fields.details} onChange={set('details')} maxLength={4000} rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('products.reentry')} hint={t('products.reentryHint')} inputMode="numeric" value={fields.reentry_interval_hours} onChange={set('reentry_interval_hours')}
          error={tried && reentryError ? t(reentryError, { max: MAX_REENTRY_HOURS }) : undefined}
        />
        <Input
          label={t('products.preharvest')} hint={t('products.preharvestHint')} inputMode="numeric" value={fields.preharvest_interval_days} onChange={set('preharvest_interval_days')}
          error={tried && preharvestError ? t(preharvestError, { max: MAX_PREHARVEST_DAYS }) : undefined}
        />
      </div>

      <h3 className="border-t border-stone-200 pt-4 text-sm font-semibold text-stone-900">{t('register.title')}</h3>
      {/* Two columns: the dialog is narrow (max-w-md) whatever the screen. */}
      <div className="grid grid-cols-2 gap-4">
        <div className="col-span-2">
          <Input label={t('register.authorisationNumber')} value={fields.authorisation_number} onChange={set('authorisation_number')} maxLength={100} />
        </div>
        <Input label={t('register.country')} hint={t('register.countryHint')} value={fields.authorisation_country} onChange={set('authorisation_country')} maxLength={2} error={err(countryError)} />
        <Input label={t('register.formulation')} hint={t('register.formulationHint')} value={fields.formulation} onChange={set('formulation')} maxLength={50} />
        <div className="col-span-2">
          <Select
            label={t('register.type')} value={fields.product_type} onChange={set('product_type')}
            options={[{ value: '', label: '—' }, ...PRODUCT_TYPES.map((x) => ({ value: x, label: t(`register.types.${x}`) }))]}
          />
        </div>
        <Select
          label={t('register.unit')} hint={t('register.unitHint')} value={fields.unit} onChange={set('unit')}
          options={[{ value: '', label: '—' }, ...PRODUCT_UNITS.map((x) => ({ value: x, label: t(`register.units.${x}`) }))]}
        />
        <Input label={t('register.maxApplications')} inputMode="numeric" value={fields.max_applications_per_cycle} onChange={set('max_applications_per_cycle')} error={err(applicationsError)} />
        <Input label={t('register.maxDose')} inputMode="decimal" value={fields.max_dose} onChange={set('max_dose')} error={err(doseError)} />
        <Select
          label={t('register.doseBasis')} value={fields.max_dose_basis} onChange={set('max_dose_basis')} error={err(basisError)}
          options={[{ value: '', label: '—' }, ...DOSE_BASES.map((x) => ({ value: x, label: t(`register.bases.${x}`) }))]}
        />
      </div>
      <SubstanceList rows={substances} onChange={setSubstances} showErrors={tried} />
      <CropList rows={authorised} onChange={setAuthorised} showErrors={tried} suggestions={crops.data ?? []} />
      <Textarea label={t('register.ppe')} hint={t('register.ppeHint')} value={fields.protective_equipment} onChange={set('protective_equipment')} maxLength={1000} rows={2} />
      <Input
        type="file" accept="application/pdf,.pdf" label={t('register.label')}
        hint={product?.label_filename && !label ? t('register.labelCurrent', { name: product.label_filename }) : t('register.labelHint')}
        onChange={(e) => setLabel(e.target.files?.[0] ?? null)} error={err(labelError)}
      />
      {product?.label_filename && !label && (
        <label className="flex items-center gap-2 text-sm text-stone-700">
          <input type="checkbox" checked={removeLabel} onChange={(e) => setRemoveLabel(e.target.checked)} />
          {t('register.removeLabel')}
        </label>
      )}
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
