import { useTranslation } from 'react-i18next';
import { useQueuedScans, type QueuedScan } from '../../../api/scan-queue';
import { parseDeviceAnalysis } from '../lib/device-analysis';
import { OnDeviceResult } from './on-device-result';
import { QueuedScanBadge } from './queued-scan-status';

function QueuedScanRow({ scan, date }: { scan: QueuedScan; date: Intl.DateTimeFormat }) {
  const { t } = useTranslation('scans');
  const analysis = parseDeviceAnalysis(scan.clientAnalysis);
  const problems = [...new Set((analysis?.photos ?? []).flatMap((p) => p.findings.map((f) => f.problem)))];
  return (
    <li>
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center justify-between gap-2 p-3 hover:bg-amber-100/40">
          <span className="min-w-0">
            <span className="block font-medium text-stone-900">{scan.label}</span>
            <span className="block text-sm text-stone-600">
              {date.format(new Date(scan.capturedAt))} · {problems.length > 0 ? problems.join(', ') : t('history.noProblems')}
            </span>
            {scan.state === 'refused' && scan.reason && <span className="block text-sm text-red-800">{scan.reason}</span>}
          </span>
          <QueuedScanBadge state={scan.state} />
        </summary>
        <div className="p-3 pt-0">
          <OnDeviceResult photos={scan.photos} analysis={analysis} status={<p className="text-sm font-medium text-stone-800">{t('queue.showResult')}</p>} />
        </div>
      </details>
    </li>
  );
}

/** Scans this phone still has to send (made without a connection), above the server's history. */
export function QueuedScans({ userId, companyId }: { userId: number | null; companyId: number }) {
  const { t, i18n } = useTranslation('scans');
  const scans = useQueuedScans(userId, companyId).filter((s) => s.state !== 'sent');
  if (scans.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="mb-4 rounded-xl border border-amber-300 bg-amber-50" aria-labelledby="queued-scans-title" data-testid="queued-scans">
      <div className="p-3">
        <h2 id="queued-scans-title" className="font-semibold text-stone-900">
          {t('queue.pendingTitle')}
        </h2>
        <p className="text-sm text-stone-700">{t('queue.pendingHelp')}</p>
      </div>
      <ul className="divide-y divide-amber-200 border-t border-amber-200">
        {[...scans].reverse().map((s) => (
          <QueuedScanRow key={s.seq} scan={s} date={date} />
        ))}
      </ul>
    </section>
  );
}
