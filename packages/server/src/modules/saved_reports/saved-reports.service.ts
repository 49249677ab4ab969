import {
  ADMIN_ROLES, CHART_TYPES, DASHBOARD_SLOTS, DATE_OPTIONS, DEFAULT_CHART_TYPE, DEFAULT_DATE_OPTION, DEFAULT_REPORT_TYPE,
  SAVED_REPORTS_PER_COMPANY_MAX, describeReportKinds, savedReportsMessages as msg, type EndpointInput, type ReportFilters,
  type savedReportsEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import * as repo from './saved-reports.repository.js';
import { toDashboardReport, toReportTemplate, toReportableField, toSavedReport, toSummary } from './saved-reports.mapper.js';

type Input<K extends keyof typeof savedReportsEndpoints> = EndpointInput<(typeof savedReportsEndpoints)[K]>;
type Db = Deps['db'];

const unique = (ids: number[]) => [...new Set(ids)];

async function assertOwnRooms(db: Db, companyId: number, ids: number[]) {
  const own = await repo.ownRoomIds(db, companyId, ids);
  if (ids.some((id) => !own.has(id))) throw notFound('Room');
}

/** Every id a report's filters name must be the company's, as for the report call itself. */
async function assertOwnFilterIds(db: Db, companyId: number, f: ReportFilters) {
  if (f.room_id !== undefined) await assertOwnRooms(db, companyId, [f.room_id]);
  const batches = unique([f.batch_id, f.batchid, ...(f.batch_ids ?? [])].filter((id): id is number => typeof id === 'number'));
  const ownBatches = await repo.ownBatchIds(db, companyId, batches);
  if (batches.some((id) => !ownBatches.has(id))) throw notFound('Batch');
  if (f.FieldID !== undefined && !(await repo.ownFieldExists(db, companyId, f.FieldID))) throw notFound('Field');
  if (f.crop_id !== undefined && !(await repo.ownCropExists(db, companyId, f.crop_id))) throw notFound('Crop');
}

async function readReport(db: Db, companyId: number, reportId: number) {
  const row = await repo.findReport(db, companyId, reportId);
  if (!row) throw notFound('Report');
  return toSavedReport(row);
}

/** Spec-2 §5: company, name, chart type, report data and room ids (the contract checks their shape). */
export async function saveReport({ db }: Deps, caller: Caller, input: Input<'saveReport'>) {
  const roomIds = unique(input.room_ids);
  const filters = input.filters ?? {};
  await assertOwnRooms(db, caller.company_id, roomIds);
  await assertOwnFilterIds(db, caller.company_id, filters);
  const id = await db.transaction().execute(async (trx) => {
    await repo.lockCompanyReports(trx, caller.company_id);
    if ((await repo.countReports(trx, caller.company_id)) >= SAVED_REPORTS_PER_COMPANY_MAX) throw conflict(msg.tooMany);
    if (await repo.nameTaken(trx, caller.company_id, input.report_name)) throw conflict(msg.nameTaken);
    const row: repo.NewReport = {
      company_id: caller.company_id,
      report_name: input.report_name,
      chart_type: input.chart_type,
      report_type: input.report_type ?? DEFAULT_REPORT_TYPE,
      room_ids: roomIds,
      filters,
      report_data: input.report_data,
      created_by: caller.user_id,
    };
    const id = await repo.insertReport(trx, row);
    const { report_data, ...rest } = row;
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'saved_report.create', entityType: 'saved_report', entityId: id,
      after: { ...rest, data_points: report_data.length },
    });
    return id;
  });
  return { status: 'success' as const, message: msg.reportSaved, report: await readReport(db, caller.company_id, id) };
}

export async function getSavedReports({ db }: Deps, caller: Caller, input: Input<'getSavedReports'>) {
  if (input.report_id !== undefined) {
    const report = await readReport(db, caller.company_id, input.report_id);
    const { report_data: _data, ...summary } = report;
    return { status: 'success' as const, reports: [summary], report };
  }
  const rows = await repo.listReports(db, caller.company_id);
  return { status: 'success' as const, reports: rows.map(toSummary) };
}

/** The author or an Admin deletes; the report's own company is checked, since only its id travels. */
export async function deleteReport({ db }: Deps, caller: Caller, reportId: number) {
  const clearedSlots = await db.transaction().execute(async (trx) => {
    await repo.lockCompanyReports(trx, caller.company_id);
    const before = await repo.lockReport(trx, reportId);
    if (!before || before.company_id !== caller.company_id) throw notFound('Report');
    if (!ADMIN_ROLES.includes(caller.user_role) && before.created_by !== caller.user_id) throw forbidden(msg.notOwner);
    const slots = (await repo.dashboardSlots(trx, caller.company_id)).filter((s) => s.report_id === reportId).map((s) => s.slot);
    await repo.unpinReports(trx, caller.company_id, [reportId]);
    await repo.deleteReport(trx, caller.company_id, reportId);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'saved_report.delete', entityType: 'saved_report', entityId: reportId,
      before: { ...before, dashboard_slots: slots },
    });
    return slots;
  });
  return { status: 'success' as const, message: msg.reportDeleted, report_id: reportId, cleared_slots: clearedSlots };
}

type Slots = Map<number, number>;
const slotsObject = (m: Slots) => Object.fromEntries(DASHBOARD_SLOTS.map((s) => [`report_id${s}`, m.get(s) ?? null]));

/** The slots asked for: a slot not sent is left out; null empties it. Refuses nothing sent and a report in two slots. */
function requestedSlots(input: Input<'setDashboardReports'>): Map<number, number | null> {
  const sent = new Map<number, number | null>();
  const seen = new Set<number>();
  for (const slot of DASHBOARD_SLOTS) {
    const value = input[`report_id${slot}`];
    if (value === undefined) continue;
    if (value !== null && seen.has(value)) throw badRequest(msg.slotTwice, `report_id${slot}`);
    if (value !== null) seen.add(value);
    sent.set(slot, value);
  }
  if (sent.size === 0) throw badRequest(msg.slotRequired, 'report_id1');
  return sent;
}

/**
 * Pins reports to the company dashboard. A report pinned to a new slot leaves the slot it held, so the
 * four slots never hold one report twice; slots not sent keep what they hold, so two admins pinning
 * different slots at once do not undo each other.
 */
export async function setDashboardReports({ db }: Deps, caller: Caller, input: Input<'setDashboardReports'>) {
  const sent = requestedSlots(input);
  await db.transaction().execute(async (trx) => {
    await repo.lockCompanyReports(trx, caller.company_id);
    const pinning = [...sent.values()].filter((id): id is number => id !== null);
    const own = await repo.ownReportIds(trx, caller.company_id, pinning);
    if (pinning.some((id) => !own.has(id))) throw notFound('Report');
    const current: Slots = new Map((await repo.dashboardSlots(trx, caller.company_id)).map((s) => [s.slot, s.report_id]));
    const next: Slots = new Map(current);
    for (const [slot, id] of next) if (pinning.includes(id)) next.delete(slot);
    for (const [slot, id] of sent) {
      if (id === null) next.delete(slot);
      else next.set(slot, id);
    }
    const changed = DASHBOARD_SLOTS.filter((s) => current.get(s) !== next.get(s));
    if (changed.length === 0) return;
    await repo.clearSlots(trx, caller.company_id, changed);
    for (const slot of changed) {
      const id = next.get(slot);
      if (id !== undefined) await repo.pin(trx, caller.company_id, slot, id, caller.user_id);
    }
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'dashboard_reports.update', entityType: 'company', entityId: caller.company_id,
      before: slotsObject(current), after: slotsObject(next),
    });
  });
  return { status: 'success' as const, message: msg.dashboardSaved, reports: await pinned(db, caller.company_id) };
}

const pinned = async (db: Db, companyId: number) => (await repo.pinnedReports(db, companyId)).map(toDashboardReport);

export async function getDashboardReports({ db }: Deps, caller: Caller) {
  return { status: 'success' as const, reports: await pinned(db, caller.company_id) };
}

export async function getReportInfo({ db }: Deps, caller: Caller) {
  return {
    status: 'success' as const,
    report_types: describeReportKinds().map((k) => ({ ...k, date_options: [...k.date_options] })),
    chart_types: [...CHART_TYPES],
    date_options: [...DATE_OPTIONS],
    default_chart_type: DEFAULT_CHART_TYPE,
    default_date_option: DEFAULT_DATE_OPTION,
    dashboard_slots: DASHBOARD_SLOTS.length,
    saved_reports: await repo.countReports(db, caller.company_id),
    saved_reports_max: SAVED_REPORTS_PER_COMPANY_MAX,
  };
}

export async function getReportTemplates({ db }: Deps, caller: Caller) {
  return { status: 'success' as const, templates: (await repo.reportTemplates(db, caller.company_id)).map(toReportTemplate) };
}

export async function getReportableFields({ db }: Deps, caller: Caller) {
  return { status: 'success' as const, reportable_fields: (await repo.reportableFields(db, caller.company_id)).map(toReportableField) };
}
