import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceToday, formatTrussPosition, isoWeekNumber, mondayOf, type LastRegistration, type RoomSamplePlant } from '@verdant/contract';
import { ButtonLink } from '@/components/ui';
import { PhotoStrip } from '@/components/photos';
import { roomSamplePlantsQuery } from '@/api/queries/crop-registration';
import { paths } from '@/lib/paths';
import { SAMPLE_PLANT_MARK } from '../lib/sample-plant-paint';

const NO_PLANTS: readonly RoomSamplePlant[] = [];

/**
 * The room's sample plants of this week's running sets (crop registration, issue 24), by grid box: the map's marker
 * layer and the sheet a tap on a marked box shows. Read also offline (the device's copy).
 */
export function useRoomSamplePlants(companyId: number, roomId: number) {
  const week = mondayOf(deviceToday());
  const query = useQuery({ ...roomSamplePlantsQuery(companyId, roomId, week), enabled: companyId > 0 && roomId > 0, retry: false });
  const plants = query.data ?? NO_PLANTS;
  const byBox = useMemo(() => new Map(plants.map((p) => [p.grid_box_id, p])), [plants]);
  return { plants, byBox };
}

/** The key to the violet diamond, under a grid with sample plants while the layer is on. */
export function SamplePlantLegend({ count }: { count: number }) {
  const { t } = useTranslation('rooms');
  if (count === 0) return null;
  return (
    <p className="mt-1 flex items-center gap-2 text-xs text-stone-700" data-testid="sample-plant-legend">
      <svg aria-hidden="true" viewBox="0 0 10 10" className="size-3.5 shrink-0">
        <path d="M5 0 L10 5 L5 10 L0 5 Z" fill={SAMPLE_PLANT_MARK} />
      </svg>
      {t('samplePlants.legend', { count })}
    </p>
  );
}

const shown = (v: LastRegistration['values'][number]) =>
  v.kind === 'truss_position' ? formatTrussPosition(v.value) : `${v.value}${v.unit ? ` ${v.unit}` : ''}`;

/** A tapped sample plant: what it is, its last registration (week and values) and the way to register it now. */
export function SamplePlantCard({ plant }: { plant: RoomSamplePlant }) {
  const { t } = useTranslation('rooms');
  const last = plant.last_registration;
  return (
    <section aria-label={t('samplePlants.card', { label: plant.label })} className="mb-3 rounded-lg border border-violet-200 bg-violet-50 p-3" data-testid="sample-plant-card">
      <p className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <svg aria-hidden="true" viewBox="0 0 10 10" className="size-3.5 shrink-0">
          <path d="M5 0 L10 5 L5 10 L0 5 Z" fill={SAMPLE_PLANT_MARK} />
        </svg>
        {t('samplePlants.title', { label: plant.label })}
      </p>
      <p className="text-xs text-stone-700">{t('samplePlants.set', { crop: plant.crop_name, from: isoWeekNumber(plant.valid_from), to: isoWeekNumber(plant.valid_to) })}</p>
      {last ? (
        <>
          <p className="mt-2 text-xs font-medium text-stone-800">{t('samplePlants.last', { week: isoWeekNumber(last.week) })}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            {last.values.map((v) => (
              <div key={v.type_id} className="contents">
                <dt className="text-stone-700">{v.name}</dt>
                <dd className={v.out_of_range ? 'font-semibold text-amber-800' : 'font-semibold text-stone-900'}>
                  {shown(v)}
                  {v.out_of_range ? ` (${t('samplePlants.outOfRange')})` : ''}
                </dd>
              </div>
            ))}
          </dl>
          {last.photo && (
            <PhotoStrip
              size="sm"
              className="mt-2"
              label={t('samplePlants.photo', { label: plant.label })}
              photos={[{ id: `sample-${plant.sample_plant_id}`, imageUrl: last.photo.image_url, thumbUrl: last.photo.thumb_url, alt: t('samplePlants.photo', { label: plant.label }) }]}
            />
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-stone-700">{t('samplePlants.none')}</p>
      )}
      <ButtonLink to={paths.cropWalkPlant(plant.planting_id, plant.sample_plant_id)} size="sm" variant="secondary" className="mt-2">
        {t('samplePlants.register')}
      </ButtonLink>
    </section>
  );
}
