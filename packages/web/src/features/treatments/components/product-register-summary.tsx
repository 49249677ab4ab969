import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SprayProduct } from '@verdant/contract';
import { Badge, Button, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { getSprayProductLabel } from '../../../api/spray-products';

/** Opens a PDF the app fetched (with its bearer) in a new tab. */
function openPdf(blob: Blob) {
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** What the register knows of a product, in a line or two: type, authorisation, unit, dose, crops, substances, label. */
export function ProductRegisterSummary({ product: p }: { product: SprayProduct }) {
  const { t } = useTranslation('treatments');
  const toast = useToast();
  const label = useMutation({ mutationFn: () => getSprayProductLabel(p.product_id), onSuccess: openPdf, onError: (err) => toast.danger(errorMessage(err)) });
  const substances = p.active_substances.map((s) => (s.concentration === null ? s.name : `${s.name} ${s.concentration} ${s.concentration_unit ?? ''}`.trim()));
  const crops = p.authorised_crops.map((c) =>
    c.bbch_min === null && c.bbch_max === null ? c.eppo_code : `${c.eppo_code} (BBCH ${c.bbch_min ?? 0}–${c.bbch_max ?? 99})`);
  const any = p.product_type || p.authorisation_number || p.unit || p.max_dose !== null || substances.length || crops.length || p.label_filename;
  if (!any) return null;
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm text-stone-700" data-testid="product-register">
      <div className="flex flex-wrap gap-1.5">
        {p.product_type && <Badge tone="info">{t(`register.types.${p.product_type}`)}</Badge>}
        {p.authorisation_number && (
          <Badge tone="neutral">{t('register.authorisationValue', { number: p.authorisation_number, country: p.authorisation_country ?? '' }).trim()}</Badge>
        )}
        {p.unit && <Badge tone="neutral">{t(`register.units.${p.unit}`)}</Badge>}
        {p.max_dose !== null && p.max_dose_basis && <Badge tone="neutral">{t(`register.maxDoseValue.${p.max_dose_basis}`, { dose: p.max_dose, unit: p.unit ?? '' })}</Badge>}
        {p.max_applications_per_cycle !== null && <Badge tone="neutral">{t('register.maxApplicationsValue', { count: p.max_applications_per_cycle })}</Badge>}
      </div>
      {substances.length > 0 && <p>{t('register.substancesValue', { list: substances.join(', ') })}</p>}
      {crops.length > 0 && <p>{t('register.cropsValue', { list: crops.join(', ') })}</p>}
      {p.protective_equipment && <p>{t('register.ppeValue', { text: p.protective_equipment })}</p>}
      {p.label_filename && (
        <div>
          <Button variant="ghost" size="sm" loading={label.isPending} onClick={() => label.mutate()} aria-label={t('register.openLabelNamed', { name: p.name })}>
            {t('register.openLabel', { name: p.label_filename })}
          </Button>
        </div>
      )}
    </div>
  );
}
