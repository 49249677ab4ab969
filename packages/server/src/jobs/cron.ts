import type PgBoss from 'pg-boss';

/** A job pg-boss runs on a cron schedule (in UTC), one run at a time for all API processes. */
export interface CronJob {
  /** The queue (and schedule) name; stays the same across versions, since pg-boss keeps the schedule in its tables. */
  queue: string;
  /** Five-field cron expression, read in UTC ('* * * * *' is every minute). */
  cron: string;
  /** How often an idle worker looks for the schedule's job. */
  pollingIntervalSeconds: number;
  /** A run still going after this long is expired (and the next slot's job may start). */
  expireInSeconds: number;
  /** One run; a throw is logged by pg-boss and not retried (the next slot runs again). */
  run: () => Promise<void>;
  /** Also run once at start (a catch-up pass after a restart); processes starting together run it once. */
  runAtStart?: boolean;
}

/**
 * The one place a scheduled job is set up (every API process calls it for every cron job): a singleton queue
 * without retries, its schedule, a worker, and optionally a first run now. pg-boss sends a schedule's job once
 * per slot for all processes, and the singleton policy keeps one run at a time; whatever must happen exactly
 * once still rests on the job's own database keys, since a run can be repeated after a crash.
 */
export async function startCronJob(boss: PgBoss, job: CronJob): Promise<void> {
  await boss.createQueue(job.queue, { name: job.queue, policy: 'singleton', retryLimit: 0, expireInSeconds: job.expireInSeconds });
  await boss.schedule(job.queue, job.cron, {}, { tz: 'UTC' });
  await boss.work(job.queue, { pollingIntervalSeconds: job.pollingIntervalSeconds }, async () => {
    await job.run();
  });
  if (job.runAtStart) await boss.send(job.queue, {}, { singletonKey: 'start', singletonSeconds: 30 });
}
