import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

/** pg-boss on the same database; later domains add queues and workers here. */
export async function startJobs(connectionString: string, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 3 });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}
