import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ScanDetails, ScanDetection } from '@verdant/contract';
import { useQueuedScans } from '../../../api/scan-queue';
import { useSendScan } from '../../../api/mutations/scans';
import { roomListQuery } from '../../../api/queries/rooms';
import { useAiModel } from '../../../api/queries/use-ai-model';
import { Alert, Button, Card, PageHeader } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';
import { PlacePicker } from '../../../components/scan-place/place-picker';
import { knownPlace, placeFromSearch, placeName, scanTypeOf, type ScanPlace } from '../../../components/scan-place/scan-place';
import { ScanResult } from './scan-result';
import { OnDeviceResult } from './on-device-result';
import { QueuedScanStatus } from './queued-scan-status';
import { analysePhoto } from '../../../lib/on-device-analysis';
import { CLASSIFIER_SELECTION, deviceAnalysisOf, deviceSelection, type DeviceAnalysis } from '../lib/device-analysis';
import type { DeviceClassification } from '../lib/device-model';
import { classifyOnDevice } from '../lib/onnx-run';
import { useDeviceModel } from '../lib/use-device-model';
import { DeviceClassificationNote, DeviceModelStatus } from './device-model-status';

/** Object URLs of the chosen photos, revoked when they change. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

export default function ScanNowPage() {
  const { t } = useTranslation('scans');
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const model = useAiModel();
  const deviceModel = useDeviceModel(companyId, model);
  const rooms = useQuery(roomListQuery(companyId));
  // A link from the room map's box sheet or a scanned label names the place; the picker starts there.
  const [searchParams] = useSearchParams();
  const [picked, setPlace] = useState<ScanPlace>(() => placeFromSearch(searchParams));
  // What the company has of it: a linked id it lacks (deleted, another company's, not in a stale copy yet) is
  // not shown or sent, and is picked again once the rooms that hold it arrive.
  const place = rooms.data ? knownPlace(rooms.data, picked) : picked;
  const [files, setFiles] = useState<File[]>([]);
  const [scan, setScan] = useState<ScanDetails | null>(null);
  const [queued, setQueued] = useState<{ seq: number; analysis: DeviceAnalysis | null; classified: DeviceClassification | null } | null>(null);
  const queuedScans = useQueuedScans(userId, companyId);
  const previews = usePreviews(files);
  const scanType = scanTypeOf(place);

  /** "Room › Grid › Box 2, 1": how the outbox ("Scan · …") and the history name a scan still on the phone. */
  const labelOf = (p: ScanPlace) => placeName(rooms.data, p, (x, y) => t('place.boxAt', { x, y })) || t(`type.${scanTypeOf(p) ?? 'room'}`);

  // Online the server analyses the photos at once. With no connection, or no answer, the phone analyses
  // them itself (workers: the server's library, and the company's ONNX classifier where it can run here)
  // and the scan waits in the outbox with the same key (api/mutations/scans.ts, shared with Video capture).
  const send = useSendScan(companyId, userId);
  const analyse = () => {
    let classified: DeviceClassification | null = null;
    send.mutate(
      {
        scan: { company_id: companyId, scan_type: scanType!, room_id: place.roomId, grid_id: place.gridId, grid_box_id: place.boxId, images: files, captured_at: new Date().toISOString() },
        label: labelOf(place),
        deviceAnalysis: async () => {
          // The company's model decides what the phone files, as on the server: a classifier's label (the
          // measured analysis only says what the photo shows), or a built-in model's findings.
          classified = await classifyOnDevice(companyId, deviceModel.plan, files);
          const selection = classified ? (classified.ok ? CLASSIFIER_SELECTION : null) : deviceSelection(model);
          if (!selection) return null;
          const analyses = await Promise.all(files.map((f) => analysePhoto(f)));
          return deviceAnalysisOf(analyses, { analysedAt: new Date(), aiModel: model, selection, ...(classified?.ok ? { classifier: classified } : {}) });
        },
      },
      {
        onSuccess: (res) => {
          if (res.kind === 'queued') setQueued({ seq: res.seq, analysis: res.analysis, classified });
          else setScan(res.scan);
        },
      },
    );
  };
  const mine = queued ? queuedScans.find((s) => s.seq === queued.seq) : undefined;

  const addFiles = (list: FileList | null) => {
    if (list && list.length > 0) setFiles((prev) => [...prev, ...Array.from(list)].slice(0, 8));
  };
  const reviewed = (d: ScanDetection) =>
    // A corrected detection replaces its row; one a reviewer added (a missed problem) joins the list.
    setScan((s) =>
      s ? { ...s, detections: s.detections.some((x) => x.detection_id === d.detection_id) ? s.detections.map((x) => (x.detection_id === d.detection_id ? d : x)) : [...s.detections, d] } : s,
    );
  const restart = () => {
    setScan(null);
    setQueued(null);
    setFiles([]);
    send.reset();
  };

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t('now.title')}
        description={t('now.description', { model: t(`app:aiModels.${model}`, { defaultValue: model }) })}
        actions={<Link className="text-sm font-medium text-green-800 underline" to={paths.scanHistory}>{t('history.title')}</Link>}
      />
      {scan || queued ? (
        <div className="space-y-4">
          {scan && (
            <ScanResult companyId={companyId} scan={scan} localImages={files} onReviewed={reviewed} onStatusChange={(status) => setScan((s) => (s ? { ...s, status } : s))} />
          )}
          {queued && <OnDeviceResult photos={files} analysis={queued.analysis} status={<QueuedScanStatus scan={mine} />} />}
          {queued && <DeviceClassificationNote result={queued.classified} />}
          <Button onClick={restart}>{t('now.another')}</Button>
        </div>
      ) : (
        <Card>
          <div className="space-y-4">
            <DeviceModelStatus plan={deviceModel.plan} keeping={deviceModel.keeping} />
            <PlacePicker companyId={companyId} value={place} onChange={setPlace} />
            <div className="flex flex-wrap gap-2">
              <label className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800">
                {t('now.takePhoto')}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  className="sr-only"
                  data-testid="scan-camera"
                  onChange={(e) => addFiles(e.target.files)}
                />
              </label>
              <label className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100">
                {t('now.upload')}
                <input
                  type="file"
                  accept="image/*"
                  multiple
                  className="sr-only"
                  data-testid="scan-upload"
                  aria-label={t('now.upload')}
                  onChange={(e) => addFiles(e.target.files)}
                />
              </label>
            </div>
            {files.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label={t('now.photos')}>
                {previews.map((src, i) => (
                  <li key={src} className="relative">
                    <img src={src} alt={t('now.photoN', { n: i + 1 })} className="h-24 w-24 rounded-md object-cover" />
                    <button
                      type="button"
                      className="absolute right-1 top-1 rounded bg-white/90 px-1 text-xs"
                      aria-label={t('now.removePhoto', { n: i + 1 })}
                      onClick={() => setFiles((prev) => prev.filter((_, j) => j !== i))}
                    >
                      ✕
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-600">{t('now.noPhotos')}</p>
            )}
            {!scanType && <p className="text-sm text-stone-600">{t('now.pickPlace')}</p>}
            {send.error && <Alert tone="danger">{send.error instanceof Error ? send.error.message : String(send.error)}</Alert>}
            <Button disabled={!scanType || files.length === 0 || !userId || send.isPending} onClick={analyse}>
              {send.isPending ? t('now.analysing') : t('now.analyse')}
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
}
