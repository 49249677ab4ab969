import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScanDetails } from '@verdant/contract';
import { newScanKey, queueScan, sendScanNow, worthQueueing, type ScanToSend } from '../scan-queue';
import { scanKeys } from '../queries/scans';
import { roomKeys } from '../queries/rooms';
import { invalidateProblems } from '../queries/problems';
import { serialiseDeviceAnalysis, type DeviceAnalysis } from '../../lib/on-device-analysis/device-analysis';

/** One scan to send: its fields and photos, how the outbox names it, and the phone's own answer. */
export interface ScanSend {
  scan: Omit<ScanToSend, 'client_analysis'>;
  /** How the outbox ("Scan · …") and the history name it while it waits. */
  label: string;
  /**
   * The phone's own analysis of the photos (null when it cannot make one). Asked for only when the scan
   * waits in the outbox, unless `analysisAtHand`: then it is sent online too, as `client_analysis`.
   */
  deviceAnalysis: () => Promise<DeviceAnalysis | null>;
  /** The answer costs nothing now (Video capture analysed every frame while recording). */
  analysisAtHand?: boolean;
}

/** What sending ended in: the server's answer, or the scan waiting in the outbox with the phone's answer. */
export type ScanSendOutcome =
  | { kind: 'sent'; scan: ScanDetails; analysis: DeviceAnalysis | null }
  | { kind: 'queued'; seq: number; analysis: DeviceAnalysis | null };

async function analysisOf(send: ScanSend): Promise<DeviceAnalysis | null> {
  try {
    return await send.deviceAnalysis();
  } catch (err) {
    // The scan still goes; the server's analysis is the one that counts.
    console.warn('The on-device analysis failed', err);
    return null;
  }
}

/**
 * The one send of a scan, for Scan now and Video capture (docs/decisions.md, "Scans in the web app"). A
 * key is made per send. Online the scan goes at once with it; a refusal (4xx) is thrown and nothing is
 * queued. Offline, or with no answer, the scan waits in the outbox with the SAME key (the server files it
 * once) and the phone's analysis as `client_analysis`. Not paused offline (TanStack's default): without a
 * connection is exactly when the phone analyses and queues.
 */
export function useSendScan(companyId: number, userId: number | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (send: ScanSend): Promise<ScanSendOutcome> => {
      if (!userId) throw new Error('Sign in to send a scan.');
      const key = newScanKey();
      let analysis = send.analysisAtHand ? await analysisOf(send) : null;
      const withAnalysis = (): ScanToSend => ({ ...send.scan, ...(analysis ? { client_analysis: serialiseDeviceAnalysis(analysis) } : {}) });
      if (navigator.onLine !== false) {
        try {
          return { kind: 'sent', scan: (await sendScanNow(withAnalysis(), key)).scan, analysis };
        } catch (err) {
          if (!worthQueueing(err)) throw err;
        }
      }
      if (!send.analysisAtHand) analysis = await analysisOf(send);
      const item = await queueScan(withAnalysis(), { userId, label: send.label }, key);
      return { kind: 'queued', seq: item.seq, analysis };
    },
    onSuccess: (res) => {
      if (res.kind !== 'sent') return;
      void queryClient.invalidateQueries({ queryKey: scanKeys.all(companyId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) });
      void invalidateProblems(queryClient, companyId);
    },
  });
}
