import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTrussPosition, isoWeekNumber, type RegisteredWeek } from '@verdant/contract';
import { ErrorState, LoadingState } from '@/components/ui';
import { PhotoStrip } from '@/components/photos';
import { samplePlantHistoryQuery } from '@/api/queries/crop-registration';

const shown = (v: RegisteredWeek['values'][number]) => (v.kind === 'truss_position' ? formatTrussPosition(v.value) : `${v.value}${v.unit ? ` ${v.unit}` : ''}`);

/**
 * A sample plant's history on the walk: its registered weeks, newest first, each with its values and photo. Read
 * when opened (and from the device's copy offline).
 */
export function PlantHistory({ companyId, samplePlantId, label }: { companyId: number; samplePlantId: number; label: string }) {
  const { t } = useTranslation('crop-registration');
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...samplePlantHistoryQuery(companyId, samplePlantId), enabled: open && companyId > 0 });
  return (
    <details className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-stone-900">{t('history.title', { label })}</summary>
      {!open ? null : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <LoadingState />
      ) : history.data.length === 0 ? (
        <p className="mt-2 text-stone-600">{t('history.none')}</p>
      ) : (
        <ol className="mt-2 flex flex-col divide-y divide-stone-100" aria-label={t('history.title', { label })}>
          {history.data.map((w) => (
            <li key={w.week} className="py-2">
              <p className="font-medium text-stone-900">{t('history.week', { number: isoWeekNumber(w.week) })}</p>
              {w.values.length > 0 && (
                <p className="text-stone-700">
                  {w.values.map((v) => `${v.name} ${shown(v)}${v.out_of_range ? ` (${t('history.outOfRange')})` : ''}`).join(' · ')}
                </p>
              )}
              {w.photo && (
                <PhotoStrip
                  size="sm"
                  className="mt-1"
                  label={t('history.photoOf', { number: isoWeekNumber(w.week) })}
                  photos={[{ id: `${samplePlantId}-${w.week}`, imageUrl: w.photo.image_url, thumbUrl: w.photo.thumb_url, alt: t('history.photoAlt', { label, number: isoWeekNumber(w.week) }) }]}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
