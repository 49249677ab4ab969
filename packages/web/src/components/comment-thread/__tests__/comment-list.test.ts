import { describe, expect, it } from 'vitest';
import type { Comment } from '@verdant/contract';
import { applyCommentChange } from '../comment-list';

const c = (id: number, text: string): Comment => ({
  CommentID: id, ResponseID: 5, UserID: 7, UserName: 'Ada', CommentText: text, CreatedAt: '2026-01-01T00:00:00Z', UpdatedAt: '2026-01-01T00:00:00Z', edited: false,
});

describe('comment list rules (spec-2 §4)', () => {
  const list = [c(1, 'one'), c(2, 'two')];
  it('appends a new comment', () => {
    expect(applyCommentChange(list, { kind: 'added', comment: c(3, 'three') }).map((x) => x.CommentText)).toEqual(['one', 'two', 'three']);
  });
  it('replaces the text of an edited comment in place', () => {
    const out = applyCommentChange(list, { kind: 'edited', comment: { ...c(1, 'uno'), edited: true } });
    expect(out.map((x) => [x.CommentID, x.CommentText, x.edited])).toEqual([[1, 'uno', true], [2, 'two', false]]);
  });
  it('removes a deleted comment', () => {
    expect(applyCommentChange(list, { kind: 'deleted', commentId: 1 }).map((x) => x.CommentID)).toEqual([2]);
  });
});
