import type PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.js';
import { startCronJob } from '../../jobs/cron.js';
import { companiesWithDays, compactObservationDays } from './observation-days.repository.js';

export const OBSERVATION_DAYS_QUEUE = 'observation-days-compaction';

/** Every 5 minutes through the one cron helper (a singleton queue, so one process at a time), compacting every company's rows. */
export async function startObservationDaysCompaction(db: Kysely<DB>, boss: PgBoss, log: FastifyBaseLogger): Promise<void> {
  await startCronJob(boss, {
    queue: OBSERVATION_DAYS_QUEUE,
    cron: '*/5 * * * *',
    pollingIntervalSeconds: 30,
    expireInSeconds: 600,
    run: async () => {
      for (const companyId of await companiesWithDays(db)) {
        try {
          await compactObservationDays(db, companyId);
        } catch (err) {
          log.error({ err, company_id: companyId }, 'observation days not compacted');
        }
      }
    },
  });
}
