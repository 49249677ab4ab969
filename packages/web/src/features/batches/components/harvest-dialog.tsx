import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HARVEST_UNITS, type Batch } from '@verdant/contract';
import { Alert, Button, Dialog, Input, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useHarvest } from '../api/use-batch-info';

type Unit = (typeof HARVEST_UNITS)[number];

export function HarvestDialog({ open, batch, companyId, userId, onClose }: { open: boolean; batch: Batch; companyId: number; userId: number; onClose: () => void }) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const harvest = useHarvest(companyId, batch.BatchID);
  const [wet, setWet] = useState('');
  const [dry, setDry] = useState('');
  const [unit, setUnit] = useState<Unit>('kg');
  const [error, setError] = useState<string | null>(null);
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  const invalid = [wet, dry].some((s) => s.trim() !== '' && !(Number(s) >= 0));

  const confirm = () => {
    setError(null);
    harvest.mutate(
      { userId, wetWeight: num(wet), dryWeight: num(dry), unit },
      {
        onSuccess: () => {
          toast.success(t('harvest.done', { number: batch.BatchNumber }));
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('harvest.title', { number: batch.BatchNumber })}
      description={t('harvest.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={harvest.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={harvest.isPending} disabled={invalid}>
            {t('harvest.confirm')}
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-2 gap-3">
        <Input label={t('harvest.wet')} type="number" inputMode="decimal" min={0} step="any" value={wet} onChange={(e) => setWet(e.target.value)} />
        <Input label={t('harvest.dry')} type="number" inputMode="decimal" min={0} step="any" value={dry} onChange={(e) => setDry(e.target.value)} />
        <Select label={t('harvest.unit')} value={unit} onChange={(e) => setUnit(e.target.value as Unit)} options={HARVEST_UNITS.map((u) => ({ value: u, label: u }))} />
      </div>
      {invalid && <p className="mt-2 text-sm font-medium text-red-700">{t('harvest.invalidWeight')}</p>}
      {error && (
        <Alert tone="danger" className="mt-3">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
