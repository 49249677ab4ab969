import { useTranslation } from 'react-i18next';
import type { ScanDetails, ScanDetection } from '@verdant/contract';
import { usePhotoSrc } from '../../../components/photos';
import { Card } from '../../../components/ui';
import { compareWithServer, deviceRegions, parseDeviceAnalysis, type PhotoComparison } from '../lib/device-analysis';
import { DeviceFindingList } from './on-device-result';
import { RegionOverlay, type OverlayRegion } from './region-overlay';

function ServerFindingList({ detections }: { detections: ScanDetection[] }) {
  const { t } = useTranslation('scans');
  if (detections.length === 0) return <p className="text-sm text-stone-600">{t('detection.none')}</p>;
  return (
    <ul className="space-y-1" data-testid="server-findings">
      {detections.map((d) => (
        <li key={d.detection_id} className="rounded-md border border-stone-200 p-2 text-sm">
          <span className="font-medium text-stone-900">{d.problem ?? d.label}</span>
          {` · ${t('detection.confidence', { value: Math.round(d.confidence * 100) })}`}
          {d.affected_percent !== null && ` · ${t('detection.affected', { value: d.affected_percent.toFixed(1) })}`}
          {d.count !== null && ` · ${t('detection.count', { count: d.count })}`}
        </li>
      ))}
    </ul>
  );
}

/** The server's copy of a photo with one side's regions over it (both sides measured the same pixels). */
function ComparedPhoto({ url, alt, regions }: { url: string | null; alt: string; regions: OverlayRegion[] }) {
  const { t } = useTranslation('scans');
  const { src, state } = usePhotoSrc(url);
  if (!url) return <p className="text-sm text-stone-600">{t('compare.noPhoto')}</p>;
  if (!src) return <p className="text-sm text-stone-600">{state === 'loading' ? t('loading') : t('photoUnavailable')}</p>;
  return <RegionOverlay src={src} alt={alt} regions={regions} />;
}

function PhotoPair({ photo }: { photo: PhotoComparison }) {
  const { t } = useTranslation('scans');
  const n = photo.position + 1;
  const phoneRegions = photo.device ? deviceRegions(photo.device) : [];
  const serverRegions = photo.server.flatMap((d) => d.regions.map((region, i) => ({ key: `${d.detection_id}-${i}`, region, faint: d.review === 'rejected' })));
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="compare-photo">
      <section aria-label={`${t('compare.phone')} · ${t('now.photoN', { n })}`} className="min-w-0 space-y-2">
        <h3 className="font-medium text-stone-900">{t('compare.phone')}</h3>
        <ComparedPhoto url={photo.imageUrl} alt={`${t('now.photoN', { n })} · ${t('compare.phone')}`} regions={phoneRegions} />
        {photo.device ? <DeviceFindingList photo={photo.device} /> : <p className="text-sm text-stone-600">{t('compare.noPhoto')}</p>}
      </section>
      <section aria-label={`${t('compare.server')} · ${t('now.photoN', { n })}`} className="min-w-0 space-y-2">
        <h3 className="font-medium text-stone-900">{t('compare.server')}</h3>
        <ComparedPhoto url={photo.imageUrl} alt={`${t('now.photoN', { n })} · ${t('compare.server')}`} regions={serverRegions} />
        <ServerFindingList detections={photo.server} />
      </section>
    </div>
  );
}

/**
 * A scan made offline carries the phone's own answer (`client_analysis`). When it differs from the
 * server's, both are shown side by side, photo by photo; when they agree, one line says so.
 */
export function DeviceComparison({ scan }: { scan: ScanDetails }) {
  const { t } = useTranslation('scans');
  const device = parseDeviceAnalysis(scan.client_analysis);
  if (!device) return null;
  const result = compareWithServer(device, scan);
  if (!result.differs) {
    return (
      <p className="mt-4 text-sm text-stone-600" data-testid="device-agrees">
        {t('compare.agree')}
      </p>
    );
  }
  return (
    <Card className="mt-4 space-y-4 p-4" data-testid="device-comparison">
      <div>
        <h2 className="text-lg font-semibold text-stone-900">{t('compare.title')}</h2>
        <p className="text-sm text-stone-600">{t('compare.help')}</p>
        <p className="text-sm text-stone-600">{t('engine', { engine: device.engine, model: t('now.onDevice'), version: device.engine_version })}</p>
      </div>
      {result.photos
        .filter((p) => p.differs)
        .map((p) => (
          <PhotoPair key={p.position} photo={p} />
        ))}
    </Card>
  );
}
