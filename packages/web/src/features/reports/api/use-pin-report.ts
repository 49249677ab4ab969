import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_SLOTS, type SavedReportSummary } from '@verdant/contract';
import { setDashboardReports, type DashboardSlots } from '../../../api/saved-reports';
import { savedReportKeys } from '../../../api/queries/saved-reports';

export type PinChange = { pin: number } | { unpin: number };

/** The first empty dashboard slot (1–4), or null when the overview already shows four reports. */
export function freeSlot(reports: readonly Pick<SavedReportSummary, 'dashboard_slot'>[]): number | null {
  const taken = new Set(reports.map((r) => r.dashboard_slot).filter((s): s is number => s !== null));
  return DASHBOARD_SLOTS.find((s) => !taken.has(s)) ?? null;
}

/** The one slot a change sends: the report into the free slot, or null into the slot it held. */
export function slotsFor(change: PinChange, reports: readonly Pick<SavedReportSummary, 'report_id' | 'dashboard_slot'>[]): DashboardSlots | null {
  if ('pin' in change) {
    const slot = freeSlot(reports);
    return slot === null ? null : { [`report_id${slot}`]: change.pin };
  }
  const slot = reports.find((r) => r.report_id === change.unpin)?.dashboard_slot;
  return slot ? { [`report_id${slot}`]: null } : null;
}

/** Pins a saved report to a free overview slot, or takes it off (POST /set_dashboard_reports). */
export function usePinReport(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slots: DashboardSlots) => setDashboardReports(companyId, slots),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedReportKeys.all(companyId) }),
  });
}
