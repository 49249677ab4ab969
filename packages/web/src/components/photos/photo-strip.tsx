import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { ViewerPhoto } from './photos';
import { PhotoViewer } from './photo-viewer';
import { usePhotoSrc } from './use-photo-src';

const SIZES = { sm: 'size-14', md: 'size-20' } as const;

function Thumb({ photo, index, count, size, onOpen }: { photo: ViewerPhoto; index: number; count: number; size: keyof typeof SIZES; onOpen: () => void }) {
  const { t } = useTranslation('photos');
  const { src, state } = usePhotoSrc(photo.thumbUrl ?? photo.imageUrl, photo.blob);
  const [broken, setBroken] = useState(false);
  const failed = broken || state === 'error';
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t('open', { index: index + 1, count, alt: photo.alt })}
      className={cn(
        'relative block shrink-0 overflow-hidden rounded-lg border border-stone-300 bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        SIZES[size],
        state === 'loading' && 'animate-pulse motion-reduce:animate-none',
      )}
    >
      {failed ? (
        <span className="flex size-full flex-col items-center justify-center gap-0.5 p-1 text-center text-[0.65rem] leading-tight text-stone-600">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="M4 4l16 16" />
          </svg>
          {t('brokenShort')}
        </span>
      ) : (
        src && <img src={src} alt="" draggable={false} onError={() => setBroken(true)} className="size-full object-cover" />
      )}
      {photo.waiting && (
        <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 bg-amber-100/95 px-1 py-0.5 text-[0.65rem] font-medium leading-tight text-amber-900">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3 shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Zm0 1.5a1 1 0 0 1 1 1v3.1l2.2 1.3a1 1 0 1 1-1 1.7l-2.7-1.6A1 1 0 0 1 9 10V6.5a1 1 0 0 1 1-1Z" />
          </svg>
          <span className="truncate">{t('waitingShort')}</span>
        </span>
      )}
    </button>
  );
}

export interface PhotoStripProps {
  photos: readonly ViewerPhoto[];
  /** Names the list for screen readers (e.g. the form it belongs to). */
  label?: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/** A row of photo thumbnails; tapping one opens the full-screen viewer at it. Nothing when there are none. */
export function PhotoStrip({ photos, label, size = 'md', className }: PhotoStripProps) {
  const { t } = useTranslation('photos');
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const waiting = photos.some((p) => p.waiting);
  return (
    <div className={className}>
      <ul className="flex flex-wrap gap-2" aria-label={label ?? t('strip', { count: photos.length })}>
        {photos.map((p, i) => (
          <li key={p.id}>
            <Thumb photo={p} index={i} count={photos.length} size={size} onOpen={() => setOpen(i)} />
          </li>
        ))}
      </ul>
      {waiting && <p className="mt-1 text-xs text-amber-900">{t('waitingHint')}</p>}
      <PhotoViewer photos={photos} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </div>
  );
}
