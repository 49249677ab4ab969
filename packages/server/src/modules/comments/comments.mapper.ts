import type { Comment } from '@verdant/contract';
import type { CommentRow } from './comments.repository.js';

export const toComment = (c: CommentRow): Comment => ({
  CommentID: c.comment_id,
  ResponseID: c.response_id,
  UserID: c.user_id,
  UserName: [c.first_name, c.last_name].filter(Boolean).join(' ') || null,
  CommentText: c.comment_text,
  CreatedAt: new Date(c.created_at).toISOString(),
  UpdatedAt: new Date(c.updated_at).toISOString(),
  edited: new Date(c.updated_at).getTime() > new Date(c.created_at).getTime(),
});
