import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui';
import { usePhotoSrc } from '../../../components/photos';
import { deviceRegions, type DeviceAnalysis, type DeviceFinding, type DevicePhoto } from '../lib/device-analysis';
import { RegionOverlay } from './region-overlay';
import { UncertainNote } from './uncertain-note';

/**
 * What the phone found on one photo: problem, how sure, how much of the leaf or how many insects, and
 * "Not sure: check by eye" with the reasons when the engine doubted the photo (never "nothing found" then).
 */
export function DeviceFindingList({ photo }: { photo: DevicePhoto }) {
  const { t } = useTranslation('scans');
  const unsure = <UncertainNote doubts={photo.doubts} withFindings={photo.findings.length > 0} />;
  if (photo.findings.length === 0) {
    return (
      <div className="space-y-2">
        {photo.kind === 'unknown' && <p className="text-sm text-stone-600">{t('kind.unknownHelp')}</p>}
        {photo.doubts.length > 0 ? unsure : <p className="text-sm text-stone-600">{t('detection.none')}</p>}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {unsure}
      <DeviceFindings findings={photo.findings} />
    </div>
  );
}

function DeviceFindings({ findings }: { findings: DeviceFinding[] }) {
  const { t } = useTranslation('scans');
  return (
    <ul className="space-y-1" data-testid="on-device-findings">
      {findings.map((f) => (
        <li key={f.label} className="rounded-md border border-stone-200 p-2 text-sm">
          <span className="font-medium text-stone-900">{f.problem}</span>
          {f.confidence !== null && ` · ${t('detection.confidence', { value: Math.round(f.confidence * 100) })}`}
          {f.affected_percent !== null && ` · ${t('detection.affected', { value: f.affected_percent.toFixed(1) })}`}
          {f.count !== null && ` · ${t('detection.count', { count: f.count })}`}
        </li>
      ))}
    </ul>
  );
}

/** One photo (the Blob on this device, or the server's copy) with the phone's regions over it. */
export function DevicePhotoView({ blob, url, photo, n }: { blob?: Blob; url?: string | null; photo: DevicePhoto; n: number }) {
  const { t } = useTranslation('scans');
  const { src, state } = usePhotoSrc(url ?? null, blob);
  const regions = deviceRegions(photo);
  return (
    <figure className="min-w-0 space-y-2">
      {src ? (
        <RegionOverlay src={src} alt={t('now.photoN', { n })} regions={regions} />
      ) : (
        <p className="text-sm text-stone-600">{state === 'loading' ? t('loading') : t('photoUnavailable')}</p>
      )}
      <figcaption className="text-sm text-stone-700">{t(`kind.${photo.kind}`)}</figcaption>
      <DeviceFindingList photo={photo} />
    </figure>
  );
}

/**
 * The phone's own analysis of the photos, shown at once when the scan could not reach the server;
 * `status` says where the scan is (waiting to send, sent, refused).
 */
export function OnDeviceResult({ photos, analysis, status }: { photos: Blob[]; analysis: DeviceAnalysis | null; status: ReactNode }) {
  const { t } = useTranslation('scans');
  return (
    <Card className="space-y-4 p-4" data-testid="on-device-result">
      {status}
      {analysis ? (
        <>
          <p className="text-sm text-stone-600">{t('engine', { engine: analysis.engine, model: t('now.onDevice'), version: analysis.engine_version })}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {analysis.photos.map((p, i) => (
              <DevicePhotoView key={i} blob={photos[i]} photo={p} n={i + 1} />
            ))}
          </div>
        </>
      ) : (
        <p className="text-sm text-stone-600">{t('now.noDeviceAnalysis')}</p>
      )}
    </Card>
  );
}
