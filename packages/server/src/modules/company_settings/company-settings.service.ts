import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import { settingColumns, toCompanySettings, toSetting, toSettingsPatch, type CompanySettings, type WritableSetting } from './company-settings.mapper.js';
import type { CompanySettingsRow } from './company-settings.repository.js';
import { findSettingColumns, findTimeZone, insertDefaultSettings, lockSettings, lockTimeZone, updateSettings, upsertTimeZone } from './company-settings.repository.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps } from '../../lib/deps.js';

/** The route layer already checks this; the service repeats it so no other caller can skip it. */
/** One setting, reading only its columns: the settings reads are the hottest calls of the app shell. */
export async function getCompanySetting<K extends keyof CompanySettings>(
  { db }: Deps,
  caller: Caller,
  companyId: number,
  key: K,
): Promise<CompanySettings[K]> {
  assertOwnCompany(caller, companyId);
  const columns = settingColumns(key);
  let row = await findSettingColumns(db, companyId, columns);
  if (!row) {
    await insertDefaultSettings(db, companyId);
    row = await findSettingColumns(db, companyId, columns);
  }
  return toSetting(key, row as CompanySettingsRow);
}

export interface ChangeOptions {
  /** Answer 400 with this message when the value equals the current one (the spec asks it of sticky traps). */
  rejectUnchanged?: { message: string; field: string };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Changes one setting in one transaction with an audit event; an unchanged value writes nothing. */
export async function changeSetting<K extends WritableSetting>(
  { db }: Deps,
  caller: Caller,
  companyId: number,
  key: K,
  value: CompanySettings[K],
  options: ChangeOptions = {},
): Promise<CompanySettings> {
  assertOwnCompany(caller, companyId);
  return db.transaction().execute(async (trx) => {
    await insertDefaultSettings(trx, companyId);
    const before = toCompanySettings(await lockSettings(trx, companyId));
    if (same(before[key], value)) {
      if (options.rejectUnchanged) throw badRequest(options.rejectUnchanged.message, options.rejectUnchanged.field);
      return before;
    }
    const after = toCompanySettings(await updateSettings(trx, companyId, toSettingsPatch(key, value)));
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: 'company_settings.update',
      entityType: 'company_settings',
      entityId: companyId,
      before: { [key]: before[key] },
      after: { [key]: after[key] },
    });
    return after;
  });
}

/**
 * The company's rule for suspected problems, read in the caller's transaction without a caller: the
 * observations module asks it while filing (a scan's, a review's), after the caller was checked.
 */
export async function suspectedAlertRule({ db }: Deps, companyId: number): Promise<CompanySettings['suspected_alerts']> {
  const row = await findSettingColumns(db, companyId, settingColumns('suspected_alerts'));
  // No row yet: the column defaults, as insertDefaultSettings would write them.
  return row ? toSetting('suspected_alerts', row as CompanySettingsRow) : { mode: 'confirmed', min_confidence: 0.8 };
}

/** A new company starts with default settings; called inside the transaction that creates it. */
export async function createDefaultSettings({ db: trx }: Deps, companyId: number): Promise<void> {
  await insertDefaultSettings(trx, companyId);
}

/** The company's IANA time zone ('UTC' until one is set); the company_time_zone endpoints read and write it here. */
export async function companyTimeZone({ db }: Deps, companyId: number): Promise<string> {
  return (await findTimeZone(db, companyId)) ?? 'UTC';
}

/** Sets the caller's company time zone in one transaction with its audit event (action 'company.time_zone'). */
export async function setCompanyTimeZone({ db }: Deps, caller: Caller, zone: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockTimeZone(trx, caller.company_id);
    await upsertTimeZone(trx, caller.company_id, zone);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'company.time_zone', entityType: 'company', entityId: caller.company_id,
      before: { time_zone: before ?? 'UTC' }, after: { time_zone: zone },
    });
  });
}
