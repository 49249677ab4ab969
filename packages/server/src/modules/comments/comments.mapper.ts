import type { Comment } from '@verdant/contract';
import type { CommentRow } from './comments.repository.js';
import { iso } from '../../lib/iso.js';

export const toComment = (c: CommentRow): Comment => ({
  CommentID: c.comment_id,
  ResponseID: c.response_id,
  UserID: c.user_id,
  UserName: [c.first_name, c.last_name].filter(Boolean).join(' ') || null,
  CommentText: c.comment_text,
  CreatedAt: iso(c.created_at),
  UpdatedAt: iso(c.updated_at),
  edited: new Date(c.updated_at).getTime() > new Date(c.created_at).getTime(),
});
