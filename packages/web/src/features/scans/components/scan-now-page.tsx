import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScanDetails, ScanDetection } from '@verdant/contract';
import { createScan } from '../../../api/scans';
import { scanKeys } from '../../../api/queries/scans';
import { invalidateProblems } from '../../../api/queries/problems';
import { roomKeys } from '../../../api/queries/rooms';
import { useAiModel } from '../../../api/queries/use-ai-model';
import { Alert, Button, Card, PageHeader } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';
import { PlacePicker, scanTypeOf, type ScanPlace } from './place-picker';
import { ScanResult } from './scan-result';
import { OnDeviceResult } from './on-device-result';
import { analyseOnDevice } from '../worker/analyse-on-device';
import type { Analysis } from '@verdant/vision';

/** Object URLs of the chosen photos, revoked when they change. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

export default function ScanNowPage() {
  const { t } = useTranslation('scans');
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const model = useAiModel();
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<ScanPlace>({});
  const [files, setFiles] = useState<File[]>([]);
  const [scan, setScan] = useState<ScanDetails | null>(null);
  const [local, setLocal] = useState<Analysis[] | null>(null);
  const previews = usePreviews(files);
  const scanType = scanTypeOf(place);

  // Without a connection the phone analyses the photos itself, in a worker, with the server's library.
  const onDevice = useMutation({
    mutationFn: () => Promise.all(files.map((f) => analyseOnDevice(f))),
    onSuccess: setLocal,
  });
  const send = useMutation({
    mutationFn: () =>
      createScan({
        company_id: companyId,
        scan_type: scanType!,
        room_id: place.roomId,
        grid_id: place.gridId,
        grid_box_id: place.boxId,
        images: files,
        captured_at: new Date().toISOString(),
      }),
    onSuccess: (res) => {
      setScan(res.scan);
      void queryClient.invalidateQueries({ queryKey: scanKeys.all(companyId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) });
      void invalidateProblems(queryClient, companyId);
    },
  });

  const addFiles = (list: FileList | null) => {
    if (list && list.length > 0) setFiles((prev) => [...prev, ...Array.from(list)].slice(0, 8));
  };
  const reviewed = (d: ScanDetection) =>
    setScan((s) => (s ? { ...s, detections: s.detections.map((x) => (x.detection_id === d.detection_id ? d : x)) } : s));
  const restart = () => {
    setScan(null);
    setLocal(null);
    setFiles([]);
    send.reset();
    onDevice.reset();
  };

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t('now.title')}
        description={t('now.description', { model })}
        actions={<Link className="text-sm font-medium text-green-800 underline" to={paths.scanHistory}>{t('history.title')}</Link>}
      />
      {scan || local ? (
        <div className="space-y-4">
          {scan && <ScanResult companyId={companyId} scan={scan} localImages={files} onReviewed={reviewed} />}
          {local && <OnDeviceResult photos={files} analyses={local} />}
          <Button onClick={restart}>{t('now.another')}</Button>
        </div>
      ) : (
        <Card className="space-y-4 p-4">
          <PlacePicker companyId={companyId} value={place} onChange={setPlace} />
          <div className="flex flex-wrap gap-2">
            <label className="inline-flex cursor-pointer items-center rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800">
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
            <label className="inline-flex cursor-pointer items-center rounded-md px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100">
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
          {[send.error, onDevice.error].map(
            (err, i) => err && <Alert key={i} tone="danger">{err instanceof Error ? err.message : String(err)}</Alert>,
          )}
          <Button
            disabled={!scanType || files.length === 0 || send.isPending || onDevice.isPending}
            onClick={() => (navigator.onLine === false ? onDevice.mutate() : send.mutate())}
          >
            {send.isPending || onDevice.isPending ? t('now.analysing') : t('now.analyse')}
          </Button>
        </Card>
      )}
    </div>
  );
}
