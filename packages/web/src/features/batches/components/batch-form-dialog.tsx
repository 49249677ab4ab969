import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Batch } from '@verdant/contract';
import { Alert, Button, Dialog, Input, Select, useToast } from '../../../components/ui';
import { ApiError, errorMessage } from '../../../api/api-error';
import { useSaveBatch } from '../api/use-batches';
import { cropsQuery } from '../../../api/queries/crops';
import { batchToForm, emptyBatchForm, formToFields, validateBatchForm, type BatchFormErrors, type BatchFormValues } from '../lib/batch-form';
import { useStatusLabel } from './batch-status-badge';

interface Props {
  open: boolean;
  companyId: number;
  /** The batch being edited; none to create one. */
  batch: Batch | null;
  statuses: readonly string[];
  onClose: () => void;
}

export function BatchFormDialog({ open, companyId, batch, statuses, onClose }: Props) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const save = useSaveBatch(companyId);
  const statusLabel = useStatusLabel();
  const crops = useQuery({ ...cropsQuery(companyId), enabled: open && companyId > 0 });
  const { t: tc } = useTranslation('crops');
  const [values, setValues] = useState<BatchFormValues>(() => (batch ? batchToForm(batch) : emptyBatchForm()));
  const [errors, setErrors] = useState<BatchFormErrors>({});
  const [serverError, setServerError] = useState<{ message: string; field?: string } | null>(null);
  const harvested = batch?.Harvested ?? false;

  const set = (key: keyof BatchFormValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateBatchForm(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    const fields = formToFields(values);
    save.mutate(
      { batchId: batch?.BatchID, fields: harvested ? { ...fields, BatchStatus: batch!.BatchStatus } : fields },
      {
        onSuccess: (saved) => {
          toast.success(batch ? t('form.updated', { number: saved.BatchNumber }) : t('form.created', { number: saved.BatchNumber }));
          onClose();
        },
        onError: (err) => setServerError({ message: errorMessage(err), field: err instanceof ApiError ? err.field : undefined }),
      },
    );
  };

  const fieldError = (key: keyof BatchFormValues) =>
    errors[key] ? t(`form.errors.${errors[key]}`) : serverError?.field === key ? serverError.message : undefined;
  const options = statuses.includes(values.BatchStatus) ? statuses : [values.BatchStatus, ...statuses];

  return (
    <Dialog open={open} onClose={onClose} title={batch ? t('form.editTitle', { number: batch.BatchNumber }) : t('form.createTitle')} className="max-w-xl">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {serverError && !serverError.field && <Alert tone="danger">{serverError.message}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t('fields.BatchNumber')} required value={values.BatchNumber} onChange={set('BatchNumber')} error={fieldError('BatchNumber')} maxLength={100} autoFocus />
          <Input label={t('fields.StrainName')} value={values.StrainName} onChange={set('StrainName')} error={fieldError('StrainName')} maxLength={200} />
          <Input label={t('fields.NumberOfPlants')} type="number" inputMode="numeric" min={0} step={1} value={values.NumberOfPlants} onChange={set('NumberOfPlants')} error={fieldError('NumberOfPlants')} />
          <Input label={t('fields.PreBooks')} hint={t('form.preBooksHint')} type="number" inputMode="numeric" min={0} step={1} value={values.PreBooks} onChange={set('PreBooks')} error={fieldError('PreBooks')} />
          <Select
            label={t('fields.BatchStatus')}
            value={values.BatchStatus}
            onChange={set('BatchStatus')}
            disabled={harvested}
            hint={harvested ? t('harvested.readOnly') : undefined}
            error={fieldError('BatchStatus')}
            options={options.map((s) => ({ value: s, label: statusLabel(s) }))}
          />
          <Input label={t('fields.Color')} type="color" value={values.Color} onChange={set('Color')} error={fieldError('Color')} className="h-11 p-1" />
          <Input label={t('fields.StartDate')} type="date" value={values.StartDate} onChange={set('StartDate')} error={fieldError('StartDate')} />
          <Input label={t('fields.EndDate')} hint={t('form.endHint')} type="date" value={values.EndDate} min={values.StartDate || undefined} onChange={set('EndDate')} error={fieldError('EndDate')} />
          <Select
            label={tc('batch.crop')}
            hint={tc('batch.hint')}
            value={values.CropID}
            onChange={set('CropID')}
            error={fieldError('CropID')}
            options={[{ value: '', label: tc('batch.none') }, ...(crops.data ?? []).map((c) => ({ value: String(c.crop_id), label: `${c.name} (${c.eppo_code})` }))]}
          />
        </div>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {batch ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
