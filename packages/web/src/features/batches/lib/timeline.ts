import type { Batch, BatchProblem, Photo } from '@verdant/contract';

export type TimelineEvent =
  | { kind: 'created'; at: string }
  | { kind: 'status'; at: string; from: string | null; to: string }
  | { kind: 'move'; at: string; from: number | null; to: number | null }
  | { kind: 'problem'; at: string; problem: string; resolved: boolean }
  | { kind: 'harvest'; at: string }
  | { kind: 'photos'; at: string; responseId: number; form: string; photos: readonly Photo[] };

interface Sources {
  batch: Batch;
  statusTimeline: ReadonlyArray<{ from_status: string | null; to_status: string; changed_at: string }>;
  moves: ReadonlyArray<{ old_room_id: number | null; new_room_id: number | null; moved_at: string }>;
  problems: readonly BatchProblem[];
  /** The batch's form responses; those with photos become events showing them. */
  responses?: ReadonlyArray<{ response_id: number; template_name: string; observed_at: string; photos: readonly Photo[] }>;
}

/** The batch's story, newest first: creation, status changes, moves, problems, photos taken and the harvest. */
export function buildTimeline({ batch, statusTimeline, moves, problems, responses = [] }: Sources): TimelineEvent[] {
  const events: TimelineEvent[] = [
    { kind: 'created', at: batch.CreatedAt },
    ...statusTimeline.map((s) => ({ kind: 'status' as const, at: s.changed_at, from: s.from_status, to: s.to_status })),
    ...moves.map((m) => ({ kind: 'move' as const, at: m.moved_at, from: m.old_room_id, to: m.new_room_id })),
    ...problems.map((p) => ({ kind: 'problem' as const, at: p.ObservedAt, problem: p.Problem, resolved: p.Status !== 'open' })),
    ...responses
      .filter((r) => r.photos.length > 0)
      .map((r) => ({ kind: 'photos' as const, at: r.observed_at, responseId: r.response_id, form: r.template_name, photos: r.photos })),
  ];
  if (batch.HarvestedAt) events.push({ kind: 'harvest', at: batch.HarvestedAt });
  return events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
