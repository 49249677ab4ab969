import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../../components/ui';
import { readScannedLink, type ScannedLink } from '../lib/place-link';

type Status = { kind: 'idle' } | { kind: 'starting' } | { kind: 'live' } | { kind: 'reading' } | { kind: 'noCamera' } | { kind: 'denied' } | { kind: 'notFound' } | { kind: 'foreign'; text: string } | { kind: 'failed' };

export interface LabelScannerProps {
  /** One of our links was read (a place or a batch); a foreign code is shown, never handed on. */
  onLink: (link: Exclude<ScannedLink, { type: 'foreign' }>) => void;
}

/** Frames a second the camera is read at: enough to catch a held-still label, light on a phone's battery. */
const FRAME_GAP_MS = 200;

/**
 * The in-app scanner: the back camera read frame by frame (BarcodeDetector, else jsQR, both loaded on the
 * first scan), or a photo of a label chosen from the device. Only this app's place and batch links count.
 */
export function LabelScanner({ onLink }: LabelScannerProps) {
  const { t } = useTranslation('quick-observation');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const onLinkRef = useRef(onLink);
  onLinkRef.current = onLink;

  const stop = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  };
  useEffect(() => stop, []);

  const handle = (text: string | null): boolean => {
    if (text === null) return false;
    const link = readScannedLink(text);
    if (link.type === 'foreign') {
      setStatus({ kind: 'foreign', text: link.text });
      return false;
    }
    stop();
    setStatus({ kind: 'idle' });
    onLinkRef.current(link);
    return true;
  };

  useEffect(() => {
    if (status.kind !== 'live') return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const video = videoRef.current;
      if (cancelled || !video || !streamRef.current) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        const { decodeFrame } = await import('../lib/decode-qr');
        const text = await decodeFrame(video, video.videoWidth, video.videoHeight).catch(() => null);
        if (cancelled) return;
        if (text !== null) {
          const link = readScannedLink(text);
          if (link.type !== 'foreign') {
            handle(text);
            return;
          }
          setStatus({ kind: 'foreign', text: link.text });
        }
      }
      timer = setTimeout(() => void tick(), FRAME_GAP_MS);
    };
    void tick();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs while the camera is live
  }, [status.kind]);

  const startCamera = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus({ kind: 'noCamera' });
      return;
    }
    setStatus({ kind: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setStatus({ kind: 'live' });
    } catch (err) {
      const name = (err as { name?: string }).name;
      setStatus({ kind: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'noCamera' });
    }
  };

  const readPhoto = async (file: File | undefined) => {
    if (!file) return;
    stop();
    setStatus({ kind: 'reading' });
    try {
      const { decodeImageFile } = await import('../lib/decode-qr');
      const text = await decodeImageFile(file);
      if (text === null) setStatus({ kind: 'notFound' });
      else handle(text);
    } catch {
      setStatus({ kind: 'failed' });
    }
  };

  const live = status.kind === 'live' || status.kind === 'starting' || (status.kind === 'foreign' && streamRef.current !== null);
  return (
    <div className="flex flex-col gap-4">
      <div className={live ? 'relative overflow-hidden rounded-xl bg-black' : 'hidden'}>
        <video ref={videoRef} className="aspect-square w-full object-cover" muted playsInline aria-label={t('scan.cameraView')} />
        <div className="pointer-events-none absolute inset-[15%] rounded-2xl border-4 border-white/80" aria-hidden />
      </div>
      {status.kind === 'live' && <p className="text-sm text-stone-700" role="status">{t('scan.aim')}</p>}
      {status.kind === 'reading' && <p className="text-sm text-stone-700" role="status">{t('scan.reading')}</p>}
      {status.kind === 'noCamera' && <Alert tone="warning">{t('scan.noCamera')}</Alert>}
      {status.kind === 'denied' && <Alert tone="warning">{t('scan.denied')}</Alert>}
      {status.kind === 'notFound' && <Alert tone="warning">{t('scan.notFound')}</Alert>}
      {status.kind === 'failed' && <Alert tone="danger">{t('scan.failed')}</Alert>}
      {status.kind === 'foreign' && (
        <Alert tone="warning" title={t('scan.foreignTitle')}>
          <span className="break-all font-mono text-xs">{status.text}</span>
          <span className="mt-1 block">{t('scan.foreignBody')}</span>
        </Alert>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        {live ? (
          <Button variant="secondary" size="lg" onClick={() => { stop(); setStatus({ kind: 'idle' }); }}>
            {t('scan.stopCamera')}
          </Button>
        ) : (
          <Button size="lg" onClick={() => void startCamera()}>
            {t('scan.startCamera')}
          </Button>
        )}
        <label className="inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg bg-white px-5 text-base font-medium text-stone-800 ring-1 ring-inset ring-stone-300 hover:bg-stone-100 focus-within:ring-2 focus-within:ring-brand-600">
          {t('scan.choosePhoto')}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            data-testid="label-photo"
            onChange={(e) => {
              void readPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
    </div>
  );
}
