import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, savedReportsMessages, type SavedReportSummary } from '@verdant/contract';
import { Button, ConfirmDialog, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { translateServerMessage } from '../../../lib/server-message';
import { useAuth } from '../../../state/hooks';
import { useDeleteReport } from '../api/use-delete-report';
import { slotsFor, usePinReport } from '../api/use-pin-report';

type Report = Pick<SavedReportSummary, 'report_id' | 'report_name' | 'dashboard_slot'>;

/**
 * Pin / unpin and delete of one saved report. The overview holds four (spec-2 §9): pinning a fifth says
 * so instead of calling. Only admins change the overview (the server's rule); others see why not.
 */
export function ReportActions({ report, all, companyId, onDeleted }: { report: Report; all: readonly Report[]; companyId: number; onDeleted?: () => void }) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const isAdmin = useCanPin();
  const pin = usePinReport(companyId);
  const remove = useDeleteReport(companyId);
  const [confirming, setConfirming] = useState(false);
  const pinned = report.dashboard_slot !== null;
  const server = (err: unknown) => translateServerMessage(errorMessage(err), savedReportsMessages, t, 'server');

  function togglePin() {
    const slots = slotsFor(pinned ? { unpin: report.report_id } : { pin: report.report_id }, all);
    if (!slots) return toast.show('warning', t('saved.pinsFull'));
    pin.mutate(slots, {
      onSuccess: () => toast.success(pinned ? t('saved.unpinnedToast') : t('saved.pinnedToast')),
      onError: (err) => toast.show('danger', server(err)),
    });
  }

  function confirmDelete() {
    remove.mutate(report.report_id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('saved.deleted'));
        onDeleted?.();
      },
      onError: (err) => {
        setConfirming(false);
        toast.show('danger', server(err));
      },
    });
  }

  return (
    <>
      {isAdmin ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={togglePin}
          loading={pin.isPending}
          aria-label={pinned ? t('saved.unpinNamed', { name: report.report_name }) : t('saved.pinNamed', { name: report.report_name })}
        >
          {pinned ? t('saved.unpin') : t('saved.pin')}
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={t('saved.deleteNamed', { name: report.report_name })}>
        {t('saved.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        destructive
        loading={remove.isPending}
        title={t('saved.deleteTitle', { name: report.report_name })}
        description={`${t('saved.deleteDescription')}${pinned ? ` ${t('saved.deletePinned')}` : ''}`}
        confirmLabel={t('saved.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Whether this user may change the overview's pinned reports. */
export function useCanPin(): boolean {
  const { userRole } = useAuth();
  return !!userRole && ADMIN_ROLES.includes(userRole);
}
