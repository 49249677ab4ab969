import type { MarkRow, PreviousRoundRow, RoundRow } from './scouting.repository.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import { fullName } from '../../lib/full-name.js';

export function toScanState(row: { scanned: boolean; scanned_at: Date | null; last_scanned_by: number | null }, name: string | null) {
  return { Scanned: row.scanned, ScannedDateTime: isoOrNull(row.scanned_at), LastScannedBy: row.last_scanned_by, LastScannedByName: name };
}

export const toRound = (r: Pick<RoundRow, 'round_id' | 'started_at' | 'started_by'>) => ({
  round_id: r.round_id,
  started_at: iso(r.started_at),
  started_by: r.started_by,
});

export const toMark = (m: MarkRow) => ({
  mark_id: m.mark_id,
  scanned_at: iso(m.scanned_at),
  user_id: m.user_id,
  user_name: fullName(m.first_name, m.last_name),
});

export const toPreviousRound = (r: PreviousRoundRow) => ({
  ...toRound(r),
  last_mark:
    r.mark_id === null || r.scanned_at === null
      ? null
      : { mark_id: r.mark_id, scanned_at: iso(r.scanned_at), user_id: r.user_id, user_name: fullName(r.first_name, r.last_name) },
});
