import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEASUREMENT_KINDS, MEASURES, MeasurementTypeSave, type MeasurementType } from '@verdant/contract';
import { Button, Dialog, Input, Select, Textarea } from '@/components/ui';
import { ApiError, errorMessage } from '@/api/api-error';
import { useSaveMeasurementType } from '../api/use-crop-setup';

interface MeasurementTypeFormProps {
  companyId: number;
  cropId: number;
  /** The type changed, or null for a new (custom) type. */
  type: MeasurementType | null;
  onClose: (saved?: string) => void;
}

type Draft = Record<'name' | 'unit' | 'min' | 'max' | 'decimals' | 'how_to_measure' | 'kind' | 'measure', string>;
const FIELDS: ReadonlyArray<keyof Draft> = ['name', 'unit', 'min', 'max', 'decimals', 'how_to_measure', 'kind', 'measure'];

const draftOf = (type: MeasurementType | null): Draft => ({
  name: type?.name ?? '',
  unit: type?.unit ?? '',
  min: type ? String(type.min) : '0',
  max: type ? String(type.max) : '',
  decimals: type ? String(type.decimals) : '0',
  how_to_measure: type?.how_to_measure ?? '',
  kind: type?.kind ?? 'number',
  measure: type?.measure ?? '',
});

/** The field a server refusal names ("max must be …" → max), if it is one of this form's. */
function fieldOf(message: string): keyof Draft | null {
  const first = message.split(/[\s:]/)[0] ?? '';
  return (FIELDS as readonly string[]).includes(first) ? (first as keyof Draft) : null;
}

/**
 * Adds a custom measurement type to a crop or changes one: name, unit, allowed range, decimals, how to measure
 * (shown on the phone), the kind (a number, or a truss position such as 17.2) and what the indicators read it as.
 * Checked with the contract's own schema before it travels; the server's refusal lands under its field.
 */
export function MeasurementTypeForm({ companyId, cropId, type, onClose }: MeasurementTypeFormProps) {
  const { t } = useTranslation('crop-registration');
  const save = useSaveMeasurementType(companyId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(type));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'form', string>>>({});
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [k]: e.target.value }));
    setErrors((er) => ({ ...er, [k]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      ...(type ? { type_id: type.type_id } : {}),
      crop_id: cropId,
      name: draft.name,
      unit: draft.unit,
      min: draft.min,
      max: draft.max,
      decimals: draft.decimals,
      how_to_measure: draft.how_to_measure,
      kind: draft.kind,
      measure: draft.measure,
      ...(type ? { position: type.position } : {}),
    };
    const parsed = MeasurementTypeSave.safeParse(body);
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const k = String(issue.path[0] ?? '') as keyof Draft;
        if ((FIELDS as readonly string[]).includes(k) && !found[k]) found[k] = `${t(`types.field.${k}`)} ${issue.message}`;
      }
    } else if (parsed.data.min > parsed.data.max) found.max = t('types.minAboveMax');
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    save.mutate([parsed.data], {
      onSuccess: (saved) => onClose(saved.name),
      onError: (err) => {
        const message = errorMessage(err);
        const field = err instanceof ApiError && err.status === 400 ? fieldOf(message) : null;
        setErrors(field ? { [field]: message } : { form: message });
      },
    });
  };

  return (
    <Dialog
      open
      onClose={() => onClose()}
      title={type ? t('types.editTitle', { name: type.name }) : t('types.addTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose()} disabled={save.isPending}>
            {t('types.cancel')}
          </Button>
          <Button type="submit" form="measurement-type-form" loading={save.isPending}>
            {t('types.save')}
          </Button>
        </>
      }
    >
      <form id="measurement-type-form" onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Input label={t('types.field.name')} value={draft.name} onChange={set('name')} error={errors.name} required />
        </div>
        <Input label={t('types.field.unit')} value={draft.unit} onChange={set('unit')} error={errors.unit} />
        <Select
          label={t('types.field.kind')}
          value={draft.kind}
          onChange={set('kind')}
          error={errors.kind}
          options={MEASUREMENT_KINDS.map((k) => ({ value: k, label: t(`types.kind.${k}`) }))}
        />
        <Input label={t('types.field.min')} inputMode="decimal" value={draft.min} onChange={set('min')} error={errors.min} required />
        <Input label={t('types.field.max')} inputMode="decimal" value={draft.max} onChange={set('max')} error={errors.max} required />
        <Input label={t('types.field.decimals')} inputMode="numeric" value={draft.decimals} onChange={set('decimals')} error={errors.decimals} hint={t('types.decimalsHint')} />
        <Select
          label={t('types.field.measure')}
          value={draft.measure}
          onChange={set('measure')}
          error={errors.measure}
          options={[{ value: '', label: t('types.measureNone') }, ...MEASURES.map((m) => ({ value: m, label: t(`measure.${m}`) }))]}
        />
        <div className="sm:col-span-2">
          <Textarea label={t('types.field.how_to_measure')} value={draft.how_to_measure} onChange={set('how_to_measure')} error={errors.how_to_measure} rows={3} />
        </div>
        {errors.form && <p className="text-sm font-medium text-red-700 sm:col-span-2">{errors.form}</p>}
      </form>
    </Dialog>
  );
}
