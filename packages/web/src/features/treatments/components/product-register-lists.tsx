import { useTranslation } from 'react-i18next';
import { CONCENTRATION_UNITS } from '@verdant/contract';
import { Button, Input, Select } from '../../../components/ui';

/** A row of the form as typed (numbers stay text until saved). */
export interface SubstanceRow { name: string; concentration: string; concentration_unit: string }
export interface CropRow { eppo_code: string; bbch_min: string; bbch_max: string }

const EPPO = /^[A-Z0-9]{5,6}$/;
const isBbch = (v: string) => v.trim() === '' || (/^\d{1,2}$/.test(v.trim()) && Number(v) <= 99);

/** The message key of what is wrong with a crop row, or null. */
export function cropRowError(row: CropRow): string | null {
  if (!EPPO.test(row.eppo_code.trim().toUpperCase())) return 'register.eppoInvalid';
  if (!isBbch(row.bbch_min) || !isBbch(row.bbch_max)) return 'register.bbchInvalid';
  if (row.bbch_min.trim() && row.bbch_max.trim() && Number(row.bbch_min) > Number(row.bbch_max)) return 'register.bbchOrder';
  return null;
}

export function substanceRowError(row: SubstanceRow): string | null {
  if (row.name.trim() === '') return 'register.substanceName';
  const c = row.concentration.trim();
  if (c !== '' && !(Number.isFinite(Number(c)) && Number(c) >= 0)) return 'register.concentrationInvalid';
  return null;
}

/** The rows as the server takes them (JSON text of the list). */
export const substancesJson = (rows: SubstanceRow[]) =>
  JSON.stringify(rows.map((r) => ({ name: r.name.trim(), concentration: r.concentration.trim() === '' ? null : Number(r.concentration), concentration_unit: r.concentration_unit || null })));
export const cropsJson = (rows: CropRow[]) =>
  JSON.stringify(rows.map((r) => ({
    eppo_code: r.eppo_code.trim().toUpperCase(),
    bbch_min: r.bbch_min.trim() === '' ? null : Number(r.bbch_min),
    bbch_max: r.bbch_max.trim() === '' ? null : Number(r.bbch_max),
  })));

/** The active substances of a product: name, concentration and its unit; rows added and removed. */
export function SubstanceList({ rows, onChange, showErrors }: { rows: SubstanceRow[]; onChange: (rows: SubstanceRow[]) => void; showErrors: boolean }) {
  const { t } = useTranslation('treatments');
  const set = (i: number, k: keyof SubstanceRow, v: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-stone-800">{t('register.substances')}</legend>
      {rows.length === 0 && <p className="text-sm text-stone-600">{t('register.noSubstances')}</p>}
      {rows.map((r, i) => {
        const error = showErrors ? substanceRowError(r) : null;
        return (
          <div key={i} className="grid grid-cols-2 items-end gap-2 rounded-lg border border-stone-200 p-3" data-testid="substance-row">
            <div className="col-span-2">
              <Input label={t('register.substanceName')} value={r.name} onChange={(e) => set(i, 'name', e.target.value)} maxLength={200} error={error ? t(error) : undefined} />
            </div>
            <Input label={t('register.concentration')} inputMode="decimal" value={r.concentration} onChange={(e) => set(i, 'concentration', e.target.value)} />
            <Select
              label={t('register.concentrationUnit')}
              value={r.concentration_unit}
              onChange={(e) => set(i, 'concentration_unit', e.target.value)}
              options={[{ value: '', label: '—' }, ...CONCENTRATION_UNITS.map((u) => ({ value: u, label: t(`register.concentrationUnits.${u.replace(/[^\w]/g, '_')}`) }))]}
            />
            <Button variant="ghost" size="sm" className="col-span-2 justify-self-start" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={t('register.removeSubstance', { n: i + 1 })}>
              {t('register.remove')}
            </Button>
          </div>
        );
      })}
      <div>
        <Button variant="secondary" size="sm" onClick={() => onChange([...rows, { name: '', concentration: '', concentration_unit: '' }])}>
          {t('register.addSubstance')}
        </Button>
      </div>
    </fieldset>
  );
}

/** The crops a product is authorised on, by EPPO code, each with an optional BBCH range. */
export function CropList({ rows, onChange, showErrors, suggestions }: {
  rows: CropRow[];
  onChange: (rows: CropRow[]) => void;
  showErrors: boolean;
  /** The company's crops, offered while typing a code. */
  suggestions: Array<{ eppo_code: string; name: string }>;
}) {
  const { t } = useTranslation('treatments');
  const set = (i: number, k: keyof CropRow, v: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-stone-800">{t('register.crops')}</legend>
      <p className="text-sm text-stone-600">{t('register.cropsHint')}</p>
      <datalist id="company-crop-codes">
        {suggestions.map((c) => <option key={`${c.eppo_code}-${c.name}`} value={c.eppo_code}>{c.name}</option>)}
      </datalist>
      {rows.map((r, i) => {
        const error = showErrors ? cropRowError(r) : null;
        return (
          <div key={i} className="grid grid-cols-3 items-end gap-2 rounded-lg border border-stone-200 p-3" data-testid="crop-row">
            <Input
              className="uppercase"
              label={t('register.eppo')}
              list="company-crop-codes"
              value={r.eppo_code}
              onChange={(e) => set(i, 'eppo_code', e.target.value)}
              maxLength={6}
              error={error ? t(error) : undefined}
            />
            <Input label={t('register.bbchMin')} inputMode="numeric" value={r.bbch_min} onChange={(e) => set(i, 'bbch_min', e.target.value)} maxLength={2} />
            <Input label={t('register.bbchMax')} inputMode="numeric" value={r.bbch_max} onChange={(e) => set(i, 'bbch_max', e.target.value)} maxLength={2} />
            <Button variant="ghost" size="sm" className="col-span-3 justify-self-start" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={t('register.removeCrop', { n: i + 1 })}>
              {t('register.remove')}
            </Button>
          </div>
        );
      })}
      <div>
        <Button variant="secondary" size="sm" onClick={() => onChange([...rows, { eppo_code: '', bbch_min: '', bbch_max: '' }])}>
          {t('register.addCrop')}
        </Button>
      </div>
    </fieldset>
  );
}
