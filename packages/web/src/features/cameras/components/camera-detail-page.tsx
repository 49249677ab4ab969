import type { ReactNode } from 'react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ScanDetails } from '@verdant/contract';
import { usePhotoSrc } from '../../../components/photos';
import { Badge, EmptyState, ErrorState, LoadingState, PageHeader, Pager } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';
import { CAMERA_IMAGES_PER_PAGE, cameraImagesQuery } from '../api';

function Thumb({ url, alt }: { url: string | null; alt: string }) {
  const { t } = useTranslation('cameras');
  const photo = usePhotoSrc(url);
  if (photo.state === 'loading') return <span className="block size-20 rounded bg-stone-100" aria-label={t('loading')} />;
  if (photo.state === 'error' || !photo.src) return <span className="block size-20 rounded bg-stone-100 text-xs text-stone-600">{t('detail.noPhoto')}</span>;
  return <img src={photo.src} alt={alt} className="size-20 rounded object-cover" />;
}

/** One image's results: what the model found (affected area or count), or that it found nothing. */
function findings(scan: ScanDetails, t: (k: string, o?: Record<string, unknown>) => string) {
  if (scan.detections.length === 0) return t('detail.nothing');
  return scan.detections
    .map((d) => {
      const what = d.problem ?? d.label;
      if (d.affected_percent !== null) return t('detail.affected', { what, percent: Math.round(d.affected_percent * 10) / 10 });
      if (d.count !== null) return t('detail.counted', { what, count: d.count });
      return t('detail.confidence', { what, percent: Math.round(d.confidence * 100) });
    })
    .join(', ');
}

/** automatedcameradetail/{camera_id}: the camera's images and what the model found in each, newest first. */
export default function CameraDetailPage() {
  const { t, i18n } = useTranslation('cameras');
  const { companyID } = useAuth();
  const cameraId = Number(useParams().camera_id);
  const valid = Number.isInteger(cameraId) && cameraId > 0;
  const [page, setPage] = useState(0);
  const images = useQuery({ ...cameraImagesQuery(companyID ?? 0, cameraId, page + 1), enabled: valid });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = <Link className="text-sm font-medium text-green-800 underline" to={paths.automatedcameras}>{t('detail.back')}</Link>;

  // The heading stays on every state, so the page is still named when the camera can't be shown.
  const withHeading = (body: ReactNode) => (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('list.title')} actions={back} />
      {body}
    </div>
  );
  if (!valid) return withHeading(<EmptyState title={t('detail.notFound')} description={back} />);
  if (images.isPending) return withHeading(<LoadingState />);
  if (images.isError) return withHeading(<ErrorState error={images.error} onRetry={() => void images.refetch()} />);
  const { camera, scans, total } = images.data;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={camera.name}
        description={`${[camera.RoomName, camera.GridName].filter(Boolean).join(' › ')} · ${t(`status.${camera.token_status}`)}`}
        actions={back}
      />
      {scans.length === 0 ? (
        <EmptyState title={t('detail.empty')} description={t('detail.emptyHelp')} />
      ) : (
        <>
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-label={t('detail.images')}>
            {scans.map((s) => (
              <li key={s.scan_id}>
                <Link className="flex items-center gap-3 p-3 hover:bg-stone-50" to={`${paths.scanHistory}/${s.scan_type}/${s.scan_id}`}>
                  <Thumb url={s.thumb_url} alt={t('detail.imageAt', { when: date.format(new Date(s.captured_at)) })} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-stone-900">{date.format(new Date(s.captured_at))}</span>
                    <span className="block text-sm text-stone-600">{findings(s, t)}</span>
                    <span className="block text-xs text-stone-500">{t('detail.engine', { model: s.model, version: s.model_version })}</span>
                  </span>
                  <Badge tone={s.status === 'needs_review' ? 'warning' : 'success'}>{t(`scanStatus.${s.status}`)}</Badge>
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            limit={CAMERA_IMAGES_PER_PAGE}
            total={total}
            label={t('detail.pages')}
            range={(r) => t('detail.range', r)}
            previousLabel={t('detail.previous')}
            nextLabel={t('detail.next')}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
