import { useTranslation } from 'react-i18next';
import type { ObservationListItem } from '@verdant/contract';
import { PhotoStrip, serverPhotos, usePhotoAlt, WaitingPhotoList } from '../../../components/photos';
import { useWaitingPhotos } from '../../../api/use-waiting-photos';
import { useAuth } from '../../../state/hooks';

/** The photos of the response an observation came from, as thumbnails that open the viewer. */
export function ObservationPhotos({ observation: o }: { observation: ObservationListItem }) {
  const altOf = usePhotoAlt();
  const photos = serverPhotos(`observation-${o.ProblemID}`, o.photos, (p) => altOf(p.FieldName, o.Problem, o.ObservedAt));
  return <PhotoStrip photos={photos} size="sm" className="mt-2" />;
}

/**
 * Forms with photos the user filled in on this device that are not uploaded yet: their photos are
 * seen at once, from the device, until the server's copy (and its observations) arrive.
 */
export function WaitingObservationPhotos() {
  const { t } = useTranslation('photos');
  const { userId } = useAuth();
  const waiting = useWaitingPhotos(userId);
  if (waiting.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={t('waitingList')}>
      <h2 className="text-sm font-semibold text-stone-900">{t('waitingList')}</h2>
      <WaitingPhotoList items={waiting} />
    </section>
  );
}
