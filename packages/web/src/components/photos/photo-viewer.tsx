import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui';
import { cn } from '../../lib/cn';
import type { ViewerPhoto } from './photos';
import { usePhotoSrc } from './use-photo-src';
import { useViewerGestures } from './use-viewer-gestures';

export interface PhotoViewerProps {
  photos: readonly ViewerPhoto[];
  /** The photo shown; null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** A round viewer button; `overlay` ones sit on the photo and get a darker backing. */
function IconButton({ label, onClick, disabled, children, className, overlay }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode; className?: string; overlay?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40',
        overlay ? 'bg-black/55 hover:bg-black/75' : 'bg-white/15 hover:bg-white/25',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
        {children}
      </svg>
    </button>
  );
}

const ICONS = {
  close: <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />,
  previous: <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />,
  next: <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 0-1.4Z" />,
  zoomIn: <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />,
  zoomOut: <path d="M4 10a1 1 0 0 1 1-1h10a1 1 0 1 1 0 2H5a1 1 0 0 1-1-1Z" />,
  fit: <path d="M3 4a1 1 0 0 1 1-1h4a1 1 0 0 1 0 2H5v3a1 1 0 0 1-2 0V4Zm9-1h4a1 1 0 0 1 1 1v4a1 1 0 1 1-2 0V5h-3a1 1 0 1 1 0-2ZM4 11a1 1 0 0 1 1 1v3h3a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1Zm12 0a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1h-4a1 1 0 1 1 0-2h3v-3a1 1 0 0 1 1-1Z" />,
};

/** The photo itself: the thumbnail first (already loaded) while the full image comes, then the full image. */
function Stage({ photo, onNext, onPrevious, onClose, labelledBy }: { photo: ViewerPhoto; onNext: () => void; onPrevious: () => void; onClose: () => void; labelledBy: string }) {
  const { t } = useTranslation('photos');
  const full = usePhotoSrc(photo.imageUrl, photo.blob);
  const thumb = usePhotoSrc(photo.blob ? null : photo.thumbUrl);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [full.src]);
  const g = useViewerGestures({ onNext, onPrevious, onClose, resetKey: photo.id });
  const src = full.src ?? (thumb.state === 'ready' ? thumb.src : null);
  const failed = broken || full.state === 'error';
  const zoomed = g.view.scale > 1;
  const transform = g.drag
    ? `translate(${g.drag.x}px, ${g.drag.y}px)`
    : `translate(${g.view.x}px, ${g.view.y}px) scale(${g.view.scale})`;

  return (
    <>
      <div
        ref={g.stageRef}
        data-testid="photo-stage"
        aria-labelledby={labelledBy}
        className={cn('relative flex min-h-0 flex-1 touch-none select-none items-center justify-center overflow-hidden', zoomed ? 'cursor-grab' : 'cursor-zoom-in')}
        {...g.handlers}
      >
        {failed ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 text-center text-stone-100">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-stone-400" fill="none" stroke="currentColor" strokeWidth="1.8">
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <path d="m3 16 5-5 4 4m2-2 2-2 5 5M4 4l16 16" />
            </svg>
            <p>{t('broken')}</p>
            <button
              type="button"
              onClick={() => {
                setBroken(false);
                full.retry();
              }}
              className="rounded-lg bg-white px-4 py-2.5 text-sm font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t('retry')}
            </button>
          </div>
        ) : src ? (
          <img
            src={src}
            alt={photo.alt}
            draggable={false}
            onError={() => setBroken(true)}
            style={{ transform, transition: g.drag ? 'none' : 'transform 120ms ease-out' }}
            className="max-h-full max-w-full object-contain"
          />
        ) : null}
        {!failed && full.state === 'loading' && (
          <div className="pointer-events-none absolute inset-x-0 bottom-4 flex justify-center">
            <span className="flex items-center gap-2 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white">
              <Spinner size="sm" />
              {t('loading')}
            </span>
          </div>
        )}
      </div>
      <div className="flex items-center justify-center gap-3 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-2">
        <IconButton label={t('zoomOut')} onClick={g.zoomOut} disabled={!zoomed || failed}>
          {ICONS.zoomOut}
        </IconButton>
        <IconButton label={t('fit')} onClick={g.fit} disabled={!zoomed || failed}>
          {ICONS.fit}
        </IconButton>
        <IconButton label={t('zoomIn')} onClick={g.zoomIn} disabled={g.view.scale >= 5 || failed}>
          {ICONS.zoomIn}
        </IconButton>
        <span aria-live="polite" className="w-14 text-center text-sm tabular-nums text-stone-200">
          {t('zoomLevel', { percent: Math.round(g.view.scale * 100) })}
        </span>
      </div>
    </>
  );
}

const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The full-screen photo viewer: a modal <dialog> (focus stays in it and returns to what opened it).
 * Arrow keys, the side buttons or a swipe move between photos; pinch, wheel, double tap or the zoom
 * buttons zoom, and a zoomed photo pans; Escape, the close button or a swipe down close it.
 */
export function PhotoViewer({ photos, index, onIndexChange, onClose }: PhotoViewerProps) {
  const { t } = useTranslation('photos');
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const captionId = useId();
  const open = index !== null && photos.length > 0;
  const current = open ? Math.min(index, photos.length - 1) : 0;
  const photo = photos[current];
  const count = photos.length;
  const go = (to: number) => {
    if (to >= 0 && to < count && to !== current) onIndexChange(to);
  };

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
      closeRef.current?.focus();
    } else if (!open && el.open) {
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
      opener.current?.focus();
      opener.current = null;
    }
  }, [open]);

  // On the document, not the dialog: a side button that became disabled at the last photo drops focus to the body.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(current + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(current - 1);
    } else if (e.key === 'Tab') {
      // showModal already keeps focus inside; this also holds where it is not available.
      const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = ref.current?.contains(document.activeElement) ?? false;
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    }
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => keys.current(e);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-label={t('viewer')}
      aria-describedby={open ? captionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-0 h-[100dvh] max-h-none w-screen max-w-none bg-stone-950 p-0 text-white backdrop:bg-black/90"
    >
      {open && photo && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-3 px-3 pb-2 pt-[max(0.75rem,env(safe-area-inset-top))]">
            <p className="shrink-0 text-sm font-medium tabular-nums">{t('counter', { index: current + 1, count })}</p>
            <p id={captionId} className="min-w-0 flex-1 truncate text-sm text-stone-200">
              {photo.alt}
              {photo.waiting ? ` · ${t('waiting')}` : ''}
            </p>
            <button
              ref={closeRef}
              type="button"
              aria-label={t('close')}
              title={t('close')}
              onClick={onClose}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                {ICONS.close}
              </svg>
            </button>
          </div>
          <div className="relative flex min-h-0 flex-1 flex-col">
            <Stage key={photo.id} photo={photo} labelledBy={captionId} onNext={() => go(current + 1)} onPrevious={() => go(current - 1)} onClose={onClose} />
            {count > 1 && (
              <>
                <IconButton label={t('previous')} onClick={() => go(current - 1)} disabled={current === 0} overlay className="absolute left-2 top-1/2 -translate-y-1/2 max-sm:hidden">
                  {ICONS.previous}
                </IconButton>
                <IconButton label={t('next')} onClick={() => go(current + 1)} disabled={current === count - 1} overlay className="absolute right-2 top-1/2 -translate-y-1/2 max-sm:hidden">
                  {ICONS.next}
                </IconButton>
              </>
            )}
          </div>
          <p className="sr-only">{t('hint')}</p>
        </div>
      )}
    </dialog>
  );
}
