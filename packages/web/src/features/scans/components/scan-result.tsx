import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanDetails, ScanDetection, ScanImage, ScanStatus } from '@verdant/contract';
import { usePhotoSrc } from '../../../components/photos';
import { Card } from '../../../components/ui';
import { doubtsOf, parseRegion } from '../lib/device-analysis';
import { DetectionList } from './detection-list';
import { currentRegions } from './detection-corrections';
import { AddMissedProblem } from './add-missed-problem';
import { DrawingContext, type DrawRequest } from './drawing-context';
import { DrawControls, DrawLayer } from './region-drawer';
import { RegionOverlay, type OverlayRegion } from './region-overlay';
import { ScanStatusBadge } from './scan-status-badge';
import { MarkChecked } from './mark-checked';
import { UncertainNote } from './uncertain-note';

/** A scan photo with its regions: the one still on the device, else the server's copy; `layer` draws over it. */
function Photo({ url, blob, alt, regions, layer }: { url: string | null; blob?: Blob; alt: string; regions: OverlayRegion[]; layer?: ReactNode }) {
  const { t } = useTranslation('scans');
  const photo = usePhotoSrc(url, blob);
  if (photo.state === 'loading') return <p className="text-sm text-stone-600">{t('loading')}</p>;
  if (photo.state === 'error' || !photo.src) return <p className="text-sm text-stone-600">{t('photoUnavailable')}</p>;
  return (
    <RegionOverlay src={photo.src} alt={alt} regions={regions}>
      {layer}
    </RegionOverlay>
  );
}

/** Where the engine looked (the leaf or card, from the photo's analysis) under the detections' regions. */
function regionsOf(detections: ScanDetection[], image: ScanImage): OverlayRegion[] {
  const looked = parseRegion(image.analysis.looked_at);
  return [
    ...(looked ? [{ key: 'looked', region: looked, looked: true }] : []),
    ...detections
      .filter((d) => d.scan_image_id === image.scan_image_id)
      .flatMap((d) =>
        currentRegions(d).map((region, i) => ({ key: `${d.detection_id}-${i}`, region, faint: d.review === 'rejected', reviewer: d.reviewed_regions !== null })),
      ),
  ];
}

/**
 * A scan's answer: each photo with its regions drawn, which engine and model answered, and the
 * detections to confirm, correct or reject. `localImages` (the photos just taken) save a download.
 * One drawing at a time (a region redrawn, a missed problem added) happens on its photo, by touch or mouse.
 */
export function ScanResult({
  companyId,
  scan,
  localImages,
  onReviewed,
  onStatusChange,
}: {
  companyId: number;
  scan: ScanDetails;
  localImages?: Blob[];
  onReviewed: (d: ScanDetection) => void;
  /** The scan's new status once a person marked an uncertain scan checked (the history refetches on its own). */
  onStatusChange?: (status: ScanStatus) => void;
}) {
  const { t } = useTranslation('scans');
  const [drawing, setDrawing] = useState<DrawRequest | null>(null);
  const drawnPhoto = useRef<HTMLElement>(null);
  // Drawing starts from a row under the photos: bring the photo into view (a phone shows one thing at a time).
  useEffect(() => {
    if (drawing) drawnPhoto.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [drawing]);
  return (
    <DrawingContext.Provider value={{ start: setDrawing, active: drawing }}>
    <Card className="space-y-4 p-4" data-testid="scan-result">
      <div className="flex flex-wrap items-center gap-2">
        <ScanStatusBadge status={scan.status} />
        <span className="text-sm text-stone-700">{t(`kind.${scan.kind}`)}</span>
        <span className="text-sm text-stone-600">
          {t('engine', { engine: scan.engine, model: scan.model, version: scan.model_version })}
        </span>
      </div>
      {scan.status === 'uncertain' && <MarkChecked companyId={companyId} scanId={scan.scan_id} onChecked={onStatusChange} />}
      <div className="flex flex-wrap gap-4">
        {scan.images.map((img) => {
          const alt = t('now.photoN', { n: img.position + 1 });
          const local = localImages?.[img.position];
          const regions = regionsOf(scan.detections, img);
          const found = scan.detections.some((d) => d.scan_image_id === img.scan_image_id);
          const here = drawing?.imageId === img.scan_image_id ? drawing : null;
          return (
            <figure key={img.scan_image_id} className="max-w-full space-y-2" ref={here ? drawnPhoto : undefined}>
              {here ? (
                <DrawControls
                  title={here.title}
                  onCancel={() => setDrawing(null)}
                  onDone={(region) => {
                    setDrawing(null);
                    here.onRegion(region);
                  }}
                >
                  {(layer) => <Photo url={img.image_url} blob={local} alt={alt} regions={regions} layer={<DrawLayer {...layer} />} />}
                </DrawControls>
              ) : (
                <Photo url={img.image_url} blob={local} alt={alt} regions={regions} />
              )}
              <figcaption className="space-y-2 text-sm text-stone-600">
                {img.kind === 'unknown' && <p>{t('kind.unknownHelp')}</p>}
                <UncertainNote doubts={doubtsOf(img.analysis.doubts)} withFindings={found} />
              </figcaption>
              {!here && <AddMissedProblem companyId={companyId} imageId={img.scan_image_id} photo={alt} onAdded={onReviewed} />}
            </figure>
          );
        })}
      </div>
      <h2 className="text-lg font-semibold text-stone-900">{t('detection.title')}</h2>
      <DetectionList companyId={companyId} detections={scan.detections} onReviewed={onReviewed} />
    </Card>
    </DrawingContext.Provider>
  );
}
