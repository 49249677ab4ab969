import { z } from 'zod';

/**
 * The codes the plant-protection register names crops, pests and growth stages by (Regulation (EU) 2023/564;
 * issue 22). One definition for products, crops, the problem library and applications.
 */

/** An EPPO code: five or six capitals or digits (LYPES, CUMSA, TETRUR, 1BRADG, TSWV00). Lower case is raised. */
export const EppoCode = z
  .string({ error: 'must be an EPPO code (5 or 6 capital letters or digits, e.g. LYPES)' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{5,6}$/, { error: 'must be an EPPO code (5 or 6 capital letters or digits, e.g. LYPES)' });

/** A BBCH growth stage, 0–99. */
export const BbchStage = z.coerce
  .number({ error: 'must be a BBCH stage from 0 to 99' })
  .int({ error: 'must be a BBCH stage from 0 to 99' })
  .min(0, { error: 'must be a BBCH stage from 0 to 99' })
  .max(99, { error: 'must be a BBCH stage from 0 to 99' });
