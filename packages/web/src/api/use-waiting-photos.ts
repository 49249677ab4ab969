import { useEffect, useState } from 'react';
import type { WaitingPhotos } from './waiting-photos';

/** A queued submission with photos, as screens show it before its upload. */
export interface WaitingSubmission {
  /** The queue's own id for it. */
  id: number;
  label: string | null;
  submittedAt: string;
  templateID: number | null;
  /** The boxes it is for (one for a box form, several for a multi-box one; none for a room). */
  gridBoxIds: number[];
  roomId: number | null;
  /** 'failed' when the server refused it (the sync list says why). */
  state: 'pending' | 'failed';
  photos: Array<{ id: string; fieldID: number; blob: Blob }>;
}

const toSubmission = ({ item, photos }: WaitingPhotos): WaitingSubmission => ({
  id: item.tempResponseID,
  label: item.label,
  submittedAt: item.submittedAt,
  templateID: item.templateID,
  gridBoxIds: item.GridBoxIDs ?? (item.GridBoxID ? [item.GridBoxID] : []),
  roomId: item.roomID,
  state: item.state,
  photos: photos.map((p) => ({ id: `queued-${item.tempResponseID}-${p.rowId}`, fieldID: p.fieldID, blob: p.file })),
});

/**
 * Live list of the user's queued submissions that carry photos (the photos themselves, from the device),
 * oldest first. An entry goes once its photos reached the server; its screens then show the server's copy.
 */
export function useWaitingPhotos(userId: number | null | undefined): WaitingSubmission[] {
  const [entries, setEntries] = useState<WaitingSubmission[]>([]);
  useEffect(() => {
    if (!userId) {
      setEntries([]);
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./waiting-photos').then((m) => {
      if (!cancelled) stop = m.watchWaitingPhotos(userId, (list) => setEntries(list.map(toSubmission)));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return entries;
}
