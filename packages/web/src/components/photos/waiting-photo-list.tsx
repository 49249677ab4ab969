import { useTranslation } from 'react-i18next';
import type { WaitingSubmission } from '../../api/use-waiting-photos';
import { useFormatDate } from '../../lib/format-date';
import type { ViewerPhoto } from './photos';
import { PhotoStrip } from './photo-strip';
import { usePhotoAlt } from './use-photo-alt';

/**
 * Submissions still queued on this device, each with its photos shown from the device and marked
 * "Waiting to upload"; an entry leaves once the server has its photos (the server's copy shows then).
 */
export function WaitingPhotoList({ items, className }: { items: readonly WaitingSubmission[]; className?: string }) {
  const { t } = useTranslation('photos');
  const formatDate = useFormatDate();
  const altOf = usePhotoAlt();
  if (items.length === 0) return null;
  return (
    <ul className={className ?? 'space-y-2'} aria-label={t('waitingList')}>
      {items.map((w) => {
        const name = w.label ?? t('waitingForm');
        const photos: ViewerPhoto[] = w.photos.map((p) => ({ id: p.id, blob: p.blob, waiting: true, alt: altOf(null, name, w.submittedAt) }));
        return (
          <li key={w.id} className="rounded-lg border border-dashed border-amber-500 bg-amber-50 p-3">
            <p className="text-sm font-medium text-stone-900">{name}</p>
            <p className="text-xs text-amber-900">
              {formatDate(w.submittedAt)} · {w.state === 'failed' ? t('waitingFailed') : t('waiting')}
            </p>
            <PhotoStrip photos={photos} className="mt-2" />
          </li>
        );
      })}
    </ul>
  );
}
