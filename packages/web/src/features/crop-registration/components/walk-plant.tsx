import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkMeasurementValue, formatTrussPosition, type MeasurementType } from '@verdant/contract';
import { Button, ConfirmDialog } from '@/components/ui';
import { PhotoStrip } from '@/components/photos';
import { compressImage } from '@/components/form-renderer/compress-image';
import { cn } from '@/lib/cn';
import { pressKey, type PadKey } from '../lib/number-pad';
import type { WalkEntry } from '../lib/walk';
import { NumberPad } from './number-pad';

export interface TypedValue {
  type_id: number;
  value: string;
}

interface WalkPlantProps {
  entry: WalkEntry;
  types: readonly MeasurementType[];
  /** What is typed per type id (the walk keeps it on the device while the plant is in hand). */
  typed: Record<string, string>;
  onType: (typed: Record<string, string>) => void;
  /** Saves the typed values; `confirmed` once the grower kept values outside their range. */
  onSave: (values: TypedValue[], confirmed: boolean) => void;
  saving: boolean;
  /** A photo taken of the plant (optional; sent through the outbox on its own). */
  onPhoto?: (photo: Blob) => void;
  photoSaving?: boolean;
}

/** A type's value as it reads on the phone: a truss position always with its tenth ("17.0"). */
export function shownValue(type: Pick<MeasurementType, 'kind' | 'decimals'>, value: number): string {
  return type.kind === 'truss_position' ? formatTrussPosition(value) : value.toFixed(type.decimals);
}

/** Decimals the pad allows for a type: a truss position takes one (the tenths of "17.2"). */
const padDecimals = (type: MeasurementType) => (type.kind === 'truss_position' ? 1 : type.decimals);

/**
 * One sample plant on the walk: every measurement type as a large field with last week's value beside it and the
 * how-to of the field in hand, typed on the number pad. Values outside their type's range are asked about before
 * they are saved (and then sent with the confirm flag); a badly formed one is refused under its field.
 */
export function WalkPlant({ entry, types, typed, onType, onSave, saving, onPhoto, photoSaving = false }: WalkPlantProps) {
  const { t } = useTranslation('crop-registration');
  const [current, setCurrent] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<string[] | null>(null);
  const [preparing, setPreparing] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const type = types[current];

  useEffect(() => {
    setCurrent(0);
    setErrors({});
  }, [entry.plant.sample_plant_id]);

  const press = (key: PadKey) => {
    if (!type) return;
    const id = String(type.type_id);
    const next = pressKey(typed[id] ?? '', key, padDecimals(type));
    setErrors((e) => ({ ...e, [id]: '' }));
    onType({ ...typed, [id]: next });
  };

  // A keyboard types into the field in hand too (a tablet with a keyboard, a desktop).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.metaKey || e.ctrlKey || e.altKey) return;
      if (/^[0-9]$/.test(e.key)) press(e.key as PadKey);
      else if (e.key === '.' || e.key === ',') press('.');
      else if (e.key === 'Backspace') press('back');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const save = (confirmed: boolean) => {
    const values: TypedValue[] = [];
    const refused: Record<string, string> = {};
    const outside: string[] = [];
    for (const ty of types) {
      const raw = typed[String(ty.type_id)] ?? '';
      if (raw === '') continue;
      const checked = checkMeasurementValue(ty, raw);
      if (!checked.ok) refused[ty.type_id] = checked.error;
      else {
        values.push({ type_id: ty.type_id, value: raw });
        if (checked.out_of_range) outside.push(t('walk.outsideOne', { name: ty.name, value: raw, min: ty.min, max: ty.max, unit: ty.unit }));
      }
    }
    if (Object.keys(refused).length) {
      setErrors(refused);
      setCurrent(types.findIndex((ty) => refused[ty.type_id]));
      return;
    }
    if (!values.length) {
      setErrors({ [types[current]?.type_id ?? 0]: t('walk.nothingTyped') });
      return;
    }
    if (outside.length && !confirmed) {
      setAsking(outside);
      return;
    }
    onSave(values, outside.length > 0);
  };

  const last = current === types.length - 1;

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2" aria-label={t('walk.fields')}>
        {types.map((ty, i) => {
          const id = String(ty.type_id);
          const value = typed[id] ?? '';
          const before = entry.lastWeek[ty.type_id];
          const saved = entry.values[ty.type_id];
          const error = errors[id];
          return (
            <li key={ty.type_id}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-pressed={i === current}
                aria-label={t('walk.fieldLabel', { name: ty.name, unit: ty.unit || '' }).trim()}
                aria-describedby={error ? `walk-error-${id}` : undefined}
                className={cn(
                  'flex w-full items-center justify-between gap-3 rounded-xl px-3 py-2 text-left ring-1 ring-inset',
                  i === current ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-stone-300',
                  error && 'ring-2 ring-red-600',
                )}
              >
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold text-stone-900">
                    {ty.name}
                    {ty.unit && <span className="font-normal text-stone-600"> ({ty.unit})</span>}
                  </span>
                  <span className="block text-xs text-stone-600">
                    {before !== undefined ? t('walk.lastWeek', { value: shownValue(ty, before) }) : t('walk.noLastWeek')}
                  </span>
                </span>
                <output
                  className={cn('min-w-20 text-right text-2xl font-bold tabular-nums', value === '' && saved !== undefined ? 'text-stone-400' : 'text-stone-900')}
                  aria-live={i === current ? 'polite' : undefined}
                  title={value === '' && saved !== undefined ? t('walk.savedValue', { value: shownValue(ty, saved) }) : undefined}
                >
                  {value || (saved !== undefined ? shownValue(ty, saved) : '—')}
                </output>
              </button>
              {error && (
                <p id={`walk-error-${id}`} className="mt-1 text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {onPhoto && (
        <div className="flex flex-wrap items-center gap-3" data-testid="walk-photo">
          {entry.photo && (
            <PhotoStrip
              size="sm"
              label={t('walk.photo')}
              photos={[{ id: `plant-${entry.plant.sample_plant_id}`, ...entry.photo, alt: t('walk.photoAlt', { label: entry.plant.label }) }]}
            />
          )}
          <input
            ref={photoInput}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            aria-label={entry.photo ? t('walk.replacePhoto') : t('walk.addPhoto')}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setPreparing(true);
              try {
                onPhoto(await compressImage(file));
              } finally {
                setPreparing(false);
              }
            }}
          />
          <Button variant="secondary" loading={preparing || photoSaving} onClick={() => photoInput.current?.click()}>
            {entry.photo ? t('walk.replacePhoto') : t('walk.addPhoto')}
          </Button>
          <span className="text-xs text-stone-600">{t('walk.photoOptional')}</span>
        </div>
      )}
      {type && (
        <details className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700" open>
          <summary className="cursor-pointer font-semibold">{t('walk.howTo', { name: type.name })}</summary>
          <p className="mt-1">{type.how_to_measure || t('walk.noHowTo')}</p>
          <p className="mt-1 text-xs text-stone-600">
            {type.kind === 'truss_position' ? t('walk.trussHint') : t('walk.range', { min: type.min, max: type.max, unit: type.unit })}
          </p>
        </details>
      )}
      {/* The pad stays under the thumb above the phone's bottom bar while the fields scroll. */}
      <div className="sticky bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-10 flex flex-col gap-2 rounded-xl bg-stone-50/95 py-2 backdrop-blur md:bottom-0">
        <NumberPad decimals={type ? padDecimals(type) : 0} onKey={press} disabled={!type || saving} />
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" size="lg" disabled={last || saving} onClick={() => setCurrent((c) => Math.min(types.length - 1, c + 1))}>
            {t('walk.nextField')}
          </Button>
          <Button size="lg" loading={saving} onClick={() => save(false)}>
            {t('walk.savePlant')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={t('walk.outsideTitle')}
        description={
          <>
            {asking?.map((line) => <span key={line} className="block">{line}</span>)}
            <span className="mt-2 block">{t('walk.outsideQuestion')}</span>
          </>
        }
        confirmLabel={t('walk.outsideKeep')}
        cancelLabel={t('walk.outsideFix')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          save(true);
        }}
      />
    </div>
  );
}
