import type { Room, Whiteboard } from '@verdant/contract';
import { imageUrl } from '../../lib/images/images.js';
import type { RoomRow, WhiteboardRow } from './rooms.repository.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import { fullName } from '../../lib/full-name.js';

export function toRoom(row: RoomRow): Room {
  return {
    RoomID: row.room_id,
    CompanyID: row.company_id,
    Name: row.name,
    Description: row.description,
    CreatedDateTime: iso(row.created_at),
    UpdatedDateTime: iso(row.updated_at),
    Scanned: row.scanned,
    ScannedDateTime: isoOrNull(row.scanned_at),
    LastScannedBy: row.last_scanned_by,
    WhiteboardImage: row.whiteboard_image,
    StartScroll: row.start_scroll,
  };
}

export function toWhiteboard(row: WhiteboardRow): Whiteboard {
  return {
    whiteboard_id: row.whiteboard_id,
    room_id: row.room_id,
    image_url: imageUrl(row.image_key),
    thumb_url: imageUrl(row.thumb_key),
    uploaded_at: iso(row.uploaded_at),
    uploaded_by: row.uploaded_by,
    uploaded_by_name: fullName(row.first_name, row.last_name),
  };
}
