import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addDays, ADMIN_ROLES, deviceToday, HARVEST_UNITS, MAX_PREHARVEST_DAYS, type Batch } from '@verdant/contract';
import { Alert, Button, Dialog, Input, Select, Textarea, useToast } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { errorMessage } from '../../../api/api-error';
import { batchDashboardQuery } from '../../../api/queries/batches';
import { useFormatDay } from '../../../lib/format-date';
import { useHarvest } from '../api/use-batch-info';

/**
 * Applications on the batch's boxes whose pre-harvest interval has not ended today. Any that can still run
 * were applied within the longest interval a product may have, so the dashboard over that range holds them.
 */
function useRunningPreharvest(companyId: number, batchId: number) {
  const today = deviceToday();
  const dashboard = useQuery({ ...batchDashboardQuery(companyId, batchId, addDays(today, -MAX_PREHARVEST_DAYS), today), enabled: companyId > 0 });
  return (dashboard.data?.treatments ?? []).filter((r) => r.preharvest_until !== null && r.preharvest_until > today);
}

type Unit = (typeof HARVEST_UNITS)[number];

export function HarvestDialog({ open, batch, companyId, userId, onClose }: { open: boolean; batch: Batch; companyId: number; userId: number; onClose: () => void }) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const harvest = useHarvest(companyId, batch.BatchID);
  const running = useRunningPreharvest(companyId, batch.BatchID);
  const day = useFormatDay();
  const [wet, setWet] = useState('');
  const [dry, setDry] = useState('');
  const [unit, setUnit] = useState<Unit>('kg');
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const { userRole } = useAuth();
  const isAdmin = Boolean(userRole && (ADMIN_ROLES as readonly string[]).includes(userRole));
  // Inside a pre-harvest interval the server refuses a harvest unless an Admin gives a reason (issue 22).
  const blocked = running.length > 0 && (!isAdmin || reason.trim() === '');
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  const invalid = [wet, dry].some((s) => s.trim() !== '' && !(Number(s) >= 0));

  const confirm = () => {
    setError(null);
    harvest.mutate(
      { userId, wetWeight: num(wet), dryWeight: num(dry), unit, ...(running.length > 0 && reason.trim() ? { overrideReason: reason.trim() } : {}) },
      {
        onSuccess: ({ preharvestWarnings }) => {
          // Harvested inside an interval only by an Admin's override, which the server audits with the intervals.
          if (preharvestWarnings.length > 0) {
            const products = [...new Set(preharvestWarnings.map((w) => w.product))].join(', ');
            toast.warning(t('harvest.doneInsideInterval', { number: batch.BatchNumber, products }));
          } else toast.success(t('harvest.done', { number: batch.BatchNumber }));
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
          <Button onClick={confirm} loading={harvest.isPending} disabled={invalid || blocked} variant={running.length > 0 ? 'danger' : undefined}>
            {running.length > 0 ? t('harvest.overrideConfirm') : t('harvest.confirm')}
          </Button>
        </>
      }
    >
      {running.length > 0 && (
        <div className="mb-3" data-testid="preharvest-warning">
          <Alert tone="warning" title={t('harvest.preharvestTitle')}>
            <ul className="list-disc pl-5">
              {running.map((r) => (
                <li key={r.application_id}>{t('harvest.preharvestItem', { product: r.product, date: day(r.date), until: day(r.preharvest_until ?? '') })}</li>
              ))}
            </ul>
            <p className="mt-1">{isAdmin ? t('harvest.preharvestBody') : t('harvest.preharvestAdminOnly')}</p>
          </Alert>
          {isAdmin && (
            <Textarea
              className="mt-3"
              label={t('harvest.overrideReason')}
              hint={t('harvest.overrideHint')}
              value={reason}
              required
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </div>
      )}
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
