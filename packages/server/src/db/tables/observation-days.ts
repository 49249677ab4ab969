import type { Generated } from 'kysely';

/**
 * Problem observations per company, UTC day and problem (as written), by status; kept by triggers on
 * problem_observations (migration 2026_11_27_1000). Written by nothing else.
 */
export interface ProblemObservationDayTable {
  company_id: number;
  /** 'YYYY-MM-DD', the observation's observed_at in UTC. */
  day: string;
  problem: string;
  open_count: number;
  resolved_count: number;
  dismissed_count: number;
  /** Unreviewed scan detections (migration 2026_11_29_0300). */
  suspected_count: Generated<number>;
}
