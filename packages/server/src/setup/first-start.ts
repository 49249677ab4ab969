import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ConfigError } from '../config/env.js';
import { AppError } from '../lib/errors.js';
import { writeAudit } from '../lib/audit.js';
import { hashPassword, validatePassword } from '../modules/auth/index.js';
import { seedFacilityDemo } from './demo/facility-demo.js';
import { seedPlantsDemo } from './demo/plants-demo.js';
import { createBuiltInTemplates } from '../modules/form_templates/index.js';
import { seedScoutingDemo } from './demo/scouting-demo.js';
import { seedProblemColorsDemo } from './demo/problem-colors-demo.js';
import { seedBatchesDemo } from './demo/batches-demo.js';
import { seedTraysDemo } from './demo/trays-demo.js';
import { seedBatchProblemsDemo } from './demo/batch-problems-demo.js';
import { seedSavedReportsDemo } from './demo/saved-reports-demo.js';
import { seedTreatmentsDemo } from './demo/treatments-demo.js';
import { seedCropsDemo } from './demo/crops-demo.js';

/** Seeders each domain adds for the demo company, in order; run once, on an empty database. */
export type DemoSeeder = (app: FastifyInstance, ctx: { companyId: number; userId: number }) => Promise<void>;
export const demoSeeders: DemoSeeder[] = [
  seedFacilityDemo,
  seedPlantsDemo,
  seedBatchesDemo,
  seedCropsDemo,
  seedTraysDemo,
  seedProblemColorsDemo,
  seedScoutingDemo,
  seedBatchProblemsDemo,
  seedSavedReportsDemo,
  seedTreatmentsDemo,
];

export const DEMO_COMPANY_NAME = 'Verdant Demo Greenhouse';
export const DEMO_ADMIN_EMAIL = 'admin@verdant.demo';

export interface FirstStartResult {
  companyId: number;
  userId: number;
  email: string;
  /** Set only when the password was generated (and printed). */
  generatedPassword?: string;
  demo: boolean;
}

// Any constant works; it only has to be the same on every server sharing the database.
const FIRST_START_LOCK = 746_100_001;

/** A boxed notice, because this is the only time the generated password is ever shown. */
export function credentialsBanner(url: string, email: string, password: string): string {
  const lines = ['Verdant is ready. Sign in once with:', '', `  URL:      ${url}`, `  E-mail:   ${email}`, `  Password: ${password}`, '', 'This password is shown only now. Change it after signing in.'];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`].join('\n');
}

/**
 * With an empty database: creates the configured company and its SuperAdmin, or the demo company
 * (then the demo data) with a generated password printed once. Answers null when there already is a
 * company. Safe when several servers start at once: an advisory lock lets exactly one of them create.
 */
export async function firstStart(
  app: FastifyInstance,
  print: (text: string) => void = (text) => console.info(text),
): Promise<FirstStartResult | null> {
  const fs = app.config.firstStart;
  const demo = !fs.companyName && !fs.adminEmail;
  const email = (fs.adminEmail ?? DEMO_ADMIN_EMAIL).trim().toLowerCase();
  const generatedPassword = fs.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = fs.adminPassword ?? generatedPassword!;
  const companyName = fs.companyName ?? (demo ? DEMO_COMPANY_NAME : 'My greenhouse');

  const existing = await app.db.selectFrom('companies').select('company_id').limit(1).executeTakeFirst();
  if (existing) return null;
  try {
    validatePassword(password, email);
  } catch (err) {
    if (err instanceof AppError) throw new ConfigError(`Invalid configuration:\n  VERDANT_ADMIN_PASSWORD: ${err.message}`);
    throw err;
  }
  // Hashing before the transaction keeps the lock (and, on the embedded database, every other connection) waiting less.
  const passwordHash = await hashPassword(password);

  const created = await app.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${FIRST_START_LOCK})`.execute(trx);
    const again = await trx.selectFrom('companies').select('company_id').limit(1).executeTakeFirst();
    if (again) return null;
    const company = await trx
      .insertInto('companies')
      .values({
        company_name: companyName,
        company_type: demo ? 'Greenhouse' : null,
        contact_name: demo ? 'Demo Admin' : null,
        contact_email: email,
      })
      .returning('company_id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('company_settings').values({ company_id: company.company_id }).execute();
    const user = await trx
      .insertInto('users')
      .values({
        company_id: company.company_id,
        email,
        first_name: demo ? 'Demo' : 'Admin',
        last_name: demo ? 'Admin' : '',
        password_hash: passwordHash,
        user_role: 'SuperAdmin',
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    await createBuiltInTemplates({ db: trx }, company.company_id, user.user_id);
    await writeAudit(trx, {
      companyId: company.company_id,
      userId: null,
      action: 'setup.first_start',
      entityType: 'company',
      entityId: company.company_id,
      after: { company_name: companyName, admin_user_id: user.user_id, admin_email: email, demo },
    });
    return { companyId: company.company_id, userId: user.user_id };
  });
  if (!created) return null;

  const result: FirstStartResult = { ...created, email, generatedPassword, demo };
  if (generatedPassword) print(credentialsBanner(`${app.config.publicUrl}/signIn`, email, generatedPassword));
  // Seeders use their own transactions, so they run after ours commits (never nested on the embedded database).
  if (demo && fs.demo) {
    for (const seed of demoSeeders) await seed(app, created);
  }
  app.log.info({ company_id: created.companyId, user_id: created.userId, demo }, 'first start: company and SuperAdmin created');
  return result;
}
