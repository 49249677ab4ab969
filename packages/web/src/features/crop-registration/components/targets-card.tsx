import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CropTarget } from '@verdant/contract';
import { Button, Card, ConfirmDialog, Input, Select, useToast } from '@/components/ui';
import { errorMessage } from '@/api/api-error';
import { useFormatNumber } from '@/lib/format-number';
import { useDeleteCropTarget, useSaveCropTarget } from '../api/use-crop-setup';
import { INDICATORS, type Indicator } from '../lib/indicators';

interface TargetsCardProps {
  companyId: number;
  cropId: number;
  targets: readonly CropTarget[];
  units: Partial<Record<Indicator, string>> | undefined;
  canEdit: boolean;
}

/** The grower's targets of the crop's indicators: read by all, set and removed (after asking) by Admins. */
export function TargetsCard({ companyId, cropId, targets, units, canEdit }: TargetsCardProps) {
  const { t } = useTranslation('crop-registration');
  const toast = useToast();
  const number = useFormatNumber();
  const save = useSaveCropTarget(companyId);
  const remove = useDeleteCropTarget(companyId);
  const [indicator, setIndicator] = useState<Indicator>('flowering_height');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CropTarget | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(n)) return setError(t('targets.needNumber'));
    setError(null);
    save.mutate([{ crop_id: cropId, indicator, value: n }], {
      onSuccess: () => {
        toast.success(t('targets.saved', { name: t(`indicator.${indicator}`) }));
        setValue('');
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <Card title={t('targets.title')} description={t('targets.text')}>
      {targets.length === 0 ? (
        <p className="text-sm text-stone-600">{canEdit ? t('targets.emptyAdmin') : t('targets.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100 text-sm" aria-label={t('targets.title')}>
          {targets.map((tg) => (
            <li key={tg.target_id} className="flex min-h-11 items-center justify-between gap-2 py-1">
              <span>{t(`indicator.${tg.indicator}`)}</span>
              <span className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">
                  {number(tg.value, { maximumFractionDigits: 2 })} {units?.[tg.indicator] ?? ''}
                </span>
                {canEdit && (
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(tg)} aria-label={t('targets.removeOne', { name: t(`indicator.${tg.indicator}`) })}>
                    ✕
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form onSubmit={submit} className="mt-4 flex flex-col gap-2 border-t border-stone-200 pt-3" noValidate>
          <Select label={t('targets.indicator')} value={indicator} options={INDICATORS.map((k) => ({ value: k, label: t(`indicator.${k}`) }))} onChange={(e) => setIndicator(e.target.value as Indicator)} />
          <Input label={t('targets.value', { unit: units?.[indicator] ?? '' })} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} error={error ?? undefined} />
          <Button type="submit" loading={save.isPending}>
            {t('targets.save')}
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={removing !== null}
        destructive
        title={t('targets.removeTitle')}
        description={removing ? t('targets.removeText', { name: t(`indicator.${removing.indicator}`) }) : ''}
        confirmLabel={t('targets.remove')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate([removing.target_id], {
            onSuccess: () => setRemoving(null),
            onError: (err) => {
              toast.danger(errorMessage(err));
              setRemoving(null);
            },
          })
        }
      />
    </Card>
  );
}
