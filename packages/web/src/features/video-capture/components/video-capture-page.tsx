import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Analysis } from '@verdant/vision';
import { useSendScan } from '../../../api/mutations/scans';
import { roomListQuery } from '../../../api/queries/rooms';
import { useAiModel } from '../../../api/queries/use-ai-model';
import { CLASSIFIER_SELECTION, deviceAnalysisOf, deviceSelection } from '../../../lib/on-device-analysis/device-analysis';
import { Alert, Button, buttonClasses, Card, EmptyState, PageHeader, Select } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../../state/hooks';
import { browserCapture, UnplayableVideoError, type CaptureDevice } from '../lib/browser-capture';
import { clock, DEFAULT_INTERVAL_S, INTERVALS_S, MAX_FRAMES, MAX_SENT, proposeFrames } from '../lib/frames';
import { useFrames } from '../lib/use-frames';
import { FrameStrip } from './frame-strip';
import { PlacePicker } from '../../../components/scan-place/place-picker';
import { placeName, scanTypeOf, type ScanPlace } from '../../../components/scan-place/scan-place';

type Phase = 'idle' | 'opening' | 'live' | 'recording' | 'reading';
type CameraProblem = 'unsupported' | 'denied' | 'absent' | 'failed';

function cameraProblemOf(err: unknown): CameraProblem {
  const name = err instanceof Error || (typeof err === 'object' && err !== null && 'name' in err) ? (err as { name: string }).name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'absent';
  return 'failed';
}

/** Records from the device camera (or reads a video file), samples and analyses frames, and sends the chosen ones as one scan. */
export function VideoCapture({ device }: { device: CaptureDevice }) {
  const { t } = useTranslation('video-capture');
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const model = useAiModel();
  const rooms = useQuery(roomListQuery(companyId));
  const { frames, add, clear, analysing } = useFrames(device);
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<CameraProblem | null>(device.cameraSupported() ? null : 'unsupported');
  const [fileError, setFileError] = useState<string | null>(null);
  const [intervalS, setIntervalS] = useState(DEFAULT_INTERVAL_S);
  const [place, setPlace] = useState<ScanPlace>({});
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const [capturedAt, setCapturedAt] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const stopTimer = useRef<(() => void) | null>(null);
  const reading = useRef<AbortController | null>(null);
  const scanType = scanTypeOf(place);

  const stopCamera = () => {
    stopTimer.current?.();
    stopTimer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (video.current) device.attach(video.current, null);
  };
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopTimer.current?.();
      stream.current?.getTracks().forEach((track) => track.stop());
      reading.current?.abort();
    };
  }, []);

  // The proposal is made once every frame has its analysis; the user's own choice is kept after that.
  const settled = frames.length > 0 && analysing === 0 && phase !== 'recording' && phase !== 'reading';
  const chosen = selected ?? (settled ? new Set(proposeFrames(frames)) : new Set<number>());

  const reset = () => {
    clear();
    setSelected(null);
    setCapturedAt(null);
    setFileError(null);
    send.reset();
  };

  const openCamera = async () => {
    setPhase('opening');
    setProblem(null);
    try {
      const s = await device.openCamera();
      // The user left while the browser was asking: give the camera back at once.
      if (!mounted.current) {
        s.getTracks().forEach((track) => track.stop());
        return;
      }
      stream.current = s;
      setPhase('live');
    } catch (err) {
      setProblem(cameraProblemOf(err));
      setPhase('idle');
    }
  };
  useEffect(() => {
    if ((phase === 'live' || phase === 'recording') && video.current && stream.current) device.attach(video.current, stream.current);
  }, [phase, device]);

  const grabAt = async (at: number) => {
    if (!video.current) return true;
    try {
      return add(at, await device.grab(video.current));
    } catch {
      // A frame the camera could not give yet (still starting) is skipped; the next one comes N seconds later.
      return true;
    }
  };

  const startRecording = () => {
    reset();
    setCapturedAt(new Date().toISOString());
    setPhase('recording');
    let tick = 0;
    const take = () => {
      const at = tick++ * intervalS;
      void grabAt(at).then((more) => {
        if (!more) finishRecording();
      });
    };
    stopTimer.current = device.every(intervalS * 1000, take);
    take();
  };
  const finishRecording = () => {
    stopCamera();
    setPhase('idle');
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    stopCamera();
    reset();
    setCapturedAt(new Date(file.lastModified || Date.now()).toISOString());
    setPhase('reading');
    const controller = new AbortController();
    reading.current = controller;
    try {
      await device.readFile(file, intervalS, (at, frame) => void add(at, frame), controller.signal);
    } catch (err) {
      if (!controller.signal.aborted) setFileError(err instanceof UnplayableVideoError ? t('file.unplayable') : t('file.failed', { error: err instanceof Error ? err.message : String(err) }));
    } finally {
      reading.current = null;
      setPhase('idle');
    }
  };

  const send = useSendScan(companyId, userId);
  const sendChosen = () => {
    const picked = frames.filter((f) => chosen.has(f.id));
    const analyses = picked.map((f) => (f.state.status === 'done' ? f.state.analysis : null));
    send.mutate({
      scan: {
        company_id: companyId,
        scan_type: scanType!,
        room_id: place.roomId,
        grid_id: place.gridId,
        grid_box_id: place.boxId,
        images: picked.map((f) => new File([f.jpeg], `frame-${clock(f.at).replace(':', 'm')}s.jpg`, { type: 'image/jpeg' })),
        captured_at: capturedAt ?? new Date().toISOString(),
      },
      label: t('queueLabel', { place: placeName(rooms.data, place, (x, y) => t('place.boxAt', { x, y })) }),
      // Every frame was analysed while recording: the answer goes with the scan, online or not. None when a
      // frame's analysis failed or the company's model is not the measured analysis (the server runs it).
      analysisAtHand: true,
      deviceAnalysis: async () => {
        const selection = deviceSelection(model);
        const done = analyses.filter((a): a is Analysis => a !== null);
        if (!selection || done.length !== analyses.length) return null;
        return deviceAnalysisOf(done, { analysedAt: new Date(), aiModel: model, selection });
      },
    });
  };

  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else if (next.size < MAX_SENT) next.add(id);
    setSelected(next);
  };

  const busy = phase === 'recording' || phase === 'reading' || phase === 'opening';
  const done = frames.length - analysing;
  const outcome = send.data;

  if (outcome) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title={t('title')} description={t('description')} />
        <Card className="space-y-4 p-4">
          {outcome.kind === 'sent' ? (
            <Alert tone="success" title={t('result.sentTitle')}>
              <p>
                {t('result.frames', { count: outcome.scan.images.length })} {t('result.findings', { count: outcome.scan.detections.length })}
              </p>
              <Link className="mt-2 inline-flex min-h-11 items-center font-semibold underline" to={`${paths.scanHistory}/${outcome.scan.scan_type}/${outcome.scan.scan_id}`}>
                {t('result.open')}
              </Link>
            </Alert>
          ) : (
            <Alert tone="info" title={t('result.queuedTitle')}>
              <p>{t('result.queued')}</p>
              <Link className="mt-2 inline-flex min-h-11 items-center font-semibold underline" to={paths.outbox}>
                {t('result.outbox')}
              </Link>
            </Alert>
          )}
          <Button onClick={reset}>{t('result.again')}</Button>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Link className="inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline" to={paths.scanNow}>{t('photoInstead')}</Link>}
      />

      <Card className="space-y-4 p-4">
        <h2 className="text-base font-semibold text-stone-900">{t('capture.title')}</h2>
        <Select
          label={t('capture.interval')}
          hint={t('capture.intervalHint', { max: MAX_FRAMES })}
          value={String(intervalS)}
          disabled={busy}
          options={INTERVALS_S.map((s) => ({ value: String(s), label: t('capture.everyN', { count: s }) }))}
          onChange={(e) => setIntervalS(Number(e.target.value))}
        />
        {(phase === 'live' || phase === 'recording') && (
          <div className="relative overflow-hidden rounded-lg bg-stone-900">
            <video ref={video} className="aspect-video w-full object-contain" muted playsInline autoPlay aria-label={t('capture.preview')} data-testid="camera-preview" />
            {phase === 'recording' && (
              <p className="absolute left-2 top-2 flex items-center gap-2 rounded bg-red-700 px-2 py-1 text-sm font-semibold text-white" role="status">
                <span aria-hidden className="size-2 rounded-full bg-white" />
                {t('capture.recording', { count: frames.length, max: MAX_FRAMES })}
              </p>
            )}
          </div>
        )}
        {problem && (
          <Alert tone={problem === 'failed' ? 'danger' : 'warning'} title={t(`camera.${problem}Title`)}>
            {t(`camera.${problem}`)}
          </Alert>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {phase === 'recording' ? (
            <Button variant="danger" onClick={finishRecording}>
              {t('capture.stop')}
            </Button>
          ) : phase === 'live' ? (
            <>
              <Button onClick={startRecording}>{t('capture.record')}</Button>
              <Button variant="secondary" onClick={finishRecording}>
                {t('capture.cameraOff')}
              </Button>
            </>
          ) : (
            problem !== 'unsupported' && (
              <Button onClick={() => void openCamera()} disabled={busy}>
                {phase === 'opening' ? t('capture.opening') : t('capture.cameraOn')}
              </Button>
            )
          )}
          <label className={cn(buttonClasses('secondary'), 'focus-within:outline-2 focus-within:outline-brand-600', busy ? 'cursor-not-allowed opacity-60' : 'cursor-pointer')}>
            {t('file.choose')}
            <input
              type="file"
              accept="video/*"
              className="sr-only"
              disabled={busy}
              data-testid="video-file"
              onChange={(e) => {
                void readFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
        </div>
        {phase === 'reading' && <p role="status" className="text-sm text-stone-700">{t('file.reading', { count: frames.length })}</p>}
        {fileError && <Alert tone="danger">{fileError}</Alert>}
      </Card>

      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-base font-semibold text-stone-900">{t('frames.title')}</h2>
          {frames.length > 0 && !busy && (
            <Button size="sm" variant="secondary" onClick={reset}>
              {t('frames.discard')}
            </Button>
          )}
        </div>
        {frames.length === 0 ? (
          <EmptyState title={t('frames.emptyTitle')} description={t('frames.empty', { count: intervalS, max: MAX_FRAMES })} />
        ) : (
          <>
            <div className="space-y-1">
              <p className="text-sm text-stone-700" id="analysis-progress">
                {analysing > 0 ? t('progress.analysing', { done, total: frames.length }) : t('progress.done', { count: frames.length })}
              </p>
              <progress className="h-2 w-full accent-brand-700" max={frames.length} value={done} aria-labelledby="analysis-progress" />
            </div>
            <FrameStrip frames={frames} selected={chosen} onToggle={toggle} disabled={send.isPending} selection={deviceSelection(model) ?? CLASSIFIER_SELECTION} />
          </>
        )}
      </Card>

      {frames.length > 0 && (
        <Card className="space-y-4 p-4">
          <h2 className="text-base font-semibold text-stone-900">{t('send.title')}</h2>
          <PlacePicker companyId={companyId} value={place} onChange={setPlace} />
          <p className="text-sm text-stone-700">{t('send.chosen', { count: chosen.size, max: MAX_SENT })}</p>
          {!scanType && <p className="text-sm text-stone-600">{t('send.pickPlace')}</p>}
          {send.error && <Alert tone="danger">{send.error instanceof Error ? send.error.message : String(send.error)}</Alert>}
          <Button
            className="w-full sm:w-auto"
            disabled={!scanType || chosen.size === 0 || busy || analysing > 0 || !userId || send.isPending} onClick={sendChosen}>
            {send.isPending ? t('send.sending') : t('send.button', { count: chosen.size })}
          </Button>
        </Card>
      )}
    </div>
  );
}

export default function VideoCapturePage() {
  return <VideoCapture device={browserCapture} />;
}
