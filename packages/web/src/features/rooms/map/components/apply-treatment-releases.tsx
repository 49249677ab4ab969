import { useTranslation } from 'react-i18next';
import { RELEASE_METHODS, type BoxThresholdCrossing } from '@verdant/contract';
import { Alert, Button, Input, LoadingText, Select } from '../../../../components/ui';
import { targetKey, type BoxTarget } from '../api/use-box-targets';
import { crossingKey } from '../api/use-box-crossings';

/** A release line as typed: species, number per m², method (one of RELEASE_METHODS). */
export interface ReleaseDraft {
  species: string;
  quantity: string;
  method: string;
}

export interface ReleasesFieldsetProps {
  releases: readonly ReleaseDraft[];
  onChange: (next: ReleaseDraft[]) => void;
  /** The shown refusal of a line's field, if any. */
  error: (line: number, field: keyof ReleaseDraft) => string | undefined;
}

/** Beneficials released on the boxes (species, number per m², method), line by line. */
export function ReleasesFieldset({ releases, onChange, error }: ReleasesFieldsetProps) {
  const { t } = useTranslation('rooms');
  const set = (i: number, k: keyof ReleaseDraft, v: string) => onChange(releases.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  return (
    <fieldset className="mt-3 flex flex-col gap-2">
      <legend className="text-sm font-medium">{t('treat.release.legend')}</legend>
      {releases.map((r, i) => (
        <div key={i} className="grid gap-2 rounded border border-stone-200 p-2 sm:grid-cols-[1fr_8rem_9rem_auto] sm:items-end" data-testid="release-line">
          <Input label={t('treat.release.species', { n: i + 1 })} value={r.species} onChange={(e) => set(i, 'species', e.target.value)} error={error(i, 'species')} />
          <Input label={t('treat.release.quantity')} inputMode="decimal" value={r.quantity} onChange={(e) => set(i, 'quantity', e.target.value)} error={error(i, 'quantity')} />
          <Select
            label={t('treat.release.method')}
            value={r.method}
            placeholder={t('treat.release.pickMethod')}
            options={RELEASE_METHODS.map((m) => ({ value: m, label: t(`treat.release.methods.${m}`) }))}
            onChange={(e) => set(i, 'method', e.target.value)}
            error={error(i, 'method')}
          />
          <Button variant="secondary" onClick={() => onChange(releases.filter((_, j) => j !== i))}>
            {t('treat.register.removeMix')}
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" onClick={() => onChange([...releases, { species: '', quantity: '', method: '' }])}>
          {t('treat.release.add')}
        </Button>
      </div>
    </fieldset>
  );
}

export interface TargetsFieldsetProps {
  targets: readonly BoxTarget[];
  pending: boolean;
  failed: boolean;
  chosen: readonly string[];
  onChange: (next: string[]) => void;
  /** The threshold crossings running in the boxes' rooms (use-box-crossings.ts), offered before the problems. */
  crossings?: {
    list: readonly BoxThresholdCrossing[];
    pending: boolean;
    failed: boolean;
  };
}

/**
 * What the application is against: the threshold crossings running where the chosen boxes are, and the open problems
 * observed in them, ticked to link them.
 */
export function TargetsFieldset({ targets, pending, failed, chosen, onChange, crossings }: TargetsFieldsetProps) {
  const { t } = useTranslation('rooms');
  const toggle = (key: string, on: boolean) => onChange(on ? [...chosen, key] : chosen.filter((k) => k !== key));
  const crossed = crossings?.list ?? [];
  const reading = pending || (crossings?.pending ?? false);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t('treat.targets.legend')}</legend>
      {reading && <LoadingText />}
      {failed && <Alert tone="warning">{t('treat.targets.failed')}</Alert>}
      {crossings?.failed && <Alert tone="warning">{t('treat.targets.crossingsFailed')}</Alert>}
      {crossed.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t('treat.targets.crossingsLegend')}>
          {crossed.map((c) => {
            const key = crossingKey(c);
            return (
              <li key={key}>
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input type="checkbox" className="size-5 accent-brand-700" checked={chosen.includes(key)} onChange={(e) => toggle(key, e.target.checked)} />
                  <span>
                    <span className={c.level === 'red' ? 'font-medium text-red-800' : 'font-medium text-amber-800'}>
                      {t(c.level === 'red' ? 'treat.targets.crossedRed' : 'treat.targets.crossedAmber', { problem: c.problem })}
                    </span>{' '}
                    <span className="text-stone-600">
                      {t(c.metric === 'count' ? 'treat.targets.crossingCount' : 'treat.targets.crossingSeverity', {
                        count: c.value, value: c.value, hours: c.window_hours, room: c.room_name, boxes: c.grid_box_ids.length,
                      })}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {!reading && targets.length === 0 && crossed.length === 0 && !failed && <p className="text-sm text-stone-600">{t('treat.targets.none')}</p>}
      {targets.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t('treat.targets.legend')}>
          {targets.map((target) => {
            const key = targetKey(target);
            return (
              <li key={key}>
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input type="checkbox" className="size-5 accent-brand-700" checked={chosen.includes(key)} onChange={(e) => toggle(key, e.target.checked)} />
                  <span>
                    <span className="font-medium">{target.problem}</span>{' '}
                    <span className="text-stone-600">{t('treat.targets.seen', { count: target.observationIds.length, boxes: target.boxes })}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
