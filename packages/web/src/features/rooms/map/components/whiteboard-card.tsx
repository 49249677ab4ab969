import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Whiteboard } from '@verdant/contract';
import { Button, Card, Dialog, LoadingText, useToast } from '../../../../components/ui';
import { uploadWhiteboardImage } from '../../../../api/rooms';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { roomKeys, whiteboardsQuery } from '../../../../api/queries/rooms';
import { useAuthImage } from '../api/use-image';
import { useFormatDate } from '../../../../lib/format-date';

function Thumb({ item, onOpen }: { item: Whiteboard; onOpen: () => void }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  const src = useAuthImage(item.thumb_url);
  const when = formatDate(item.uploaded_at);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="block w-full overflow-hidden rounded-lg border border-stone-200 bg-stone-100 text-left focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="block aspect-[4/3] w-full">
          {src && <img src={src} alt={t('whiteboard.alt', { when })} className="size-full object-cover" />}
        </span>
        <span className="block truncate px-2 py-1 text-xs text-stone-700">
          {when}
          {item.uploaded_by_name ? ` · ${item.uploaded_by_name}` : ''}
        </span>
      </button>
    </li>
  );
}

function FullImage({ item }: { item: Whiteboard }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  const src = useAuthImage(item.image_url);
  return src ? (
    <img src={src} alt={t('whiteboard.alt', { when: formatDate(item.uploaded_at) })} className="max-h-[70dvh] w-full object-contain" />
  ) : (
    <LoadingText className="py-10 text-center text-sm text-stone-600" />
  );
}

/** The room's whiteboard photos: upload a new one, see the history as thumbnails. */
export function WhiteboardCard({ companyId, roomId }: { companyId: number; roomId: number }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState<Whiteboard | null>(null);
  const history = useQuery({ ...whiteboardsQuery(companyId, roomId), enabled: online });
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const res = await uploadWhiteboardImage(roomId, file);
      if (!res) throw new Error('upload failed');
      return res;
    },
    onSuccess: () => {
      toast.success(t('whiteboard.uploaded'));
      void queryClient.invalidateQueries({ queryKey: roomKeys.whiteboards(companyId, roomId) });
    },
    onError: () => toast.danger(t('whiteboard.failed')),
  });
  const items = history.data ?? [];

  return (
    <Card
      title={t('whiteboard.title')}
      description={t('whiteboard.description')}
      actions={
        <>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('whiteboard.upload')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
              e.target.value = '';
            }}
          />
          <Button variant="secondary" disabled={!online} loading={upload.isPending} onClick={() => input.current?.click()}>
            {t('whiteboard.upload')}
          </Button>
        </>
      }
    >
      {!online ? (
        <p className="text-sm text-stone-600">{t('whiteboard.offline')}</p>
      ) : history.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-stone-600">{history.data === null ? t('whiteboard.loadFailed') : t('whiteboard.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {items.slice(0, 12).map((item) => (
            <Thumb key={item.whiteboard_id} item={item} onOpen={() => setOpen(item)} />
          ))}
        </ul>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={t('whiteboard.title')} className="max-w-3xl">
        {open && <FullImage item={open} />}
      </Dialog>
    </Card>
  );
}
