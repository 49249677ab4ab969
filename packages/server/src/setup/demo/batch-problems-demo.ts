import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../plugins/auth.js';
import { createBatchProblem, resolveBatchProblems } from '../../modules/batch_problems/batch-problems.service.js';

/** Library problems by their English names (the stored vocabulary), on the 1–5 severity scale. */
export const DEMO_BATCH_PROBLEMS = [
  { problem_type: 'Powdery mildew', severity: 3, notes: 'White patches on lower leaves' },
  { problem_type: 'Western flower thrips', severity: 2, notes: null },
  { problem_type: 'Two-spotted spider mite', severity: 4, notes: 'Webbing at the tops; isolate before spraying' },
  { problem_type: 'Pythium root rot', severity: 2, notes: null },
  { problem_type: 'Green peach aphid', severity: 1, notes: 'A few on new growth' },
];
const PROBLEMS = DEMO_BATCH_PROBLEMS;

/**
 * A handful of batch problems on the demo company's batches (none when it has no batches yet): each in
 * a room the batch is linked to when it has one, and the last one already resolved.
 */
export async function seedBatchProblemsDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  const batches = await app.db
    .selectFrom('batches as b')
    .leftJoin('room_batches as rb', (j) => j.onRef('rb.batch_id', '=', 'b.batch_id').on('rb.unlinked_at', 'is', null))
    .select(['b.batch_id', (eb) => eb.fn.min('rb.room_id').as('room_id')])
    .where('b.company_id', '=', ctx.companyId)
    .groupBy('b.batch_id')
    .orderBy('b.batch_id')
    .limit(PROBLEMS.length)
    .execute();
  if (batches.length === 0) return;
  for (const [i, p] of PROBLEMS.entries()) {
    const batch = batches[i % batches.length]!;
    await createBatchProblem(app, caller, {
      batch_id: batch.batch_id,
      company_id: ctx.companyId,
      user_id: ctx.userId,
      problem_type: p.problem_type,
      severity: p.severity,
      notes: p.notes ?? undefined,
      room_ids: batch.room_id === null ? undefined : [batch.room_id],
    });
  }
  const last = batches[(PROBLEMS.length - 1) % batches.length]!;
  await resolveBatchProblems(app, caller, { batch_id: last.batch_id, user_id: ctx.userId, problem_type: PROBLEMS.at(-1)!.problem_type, room_ids: undefined });
}
