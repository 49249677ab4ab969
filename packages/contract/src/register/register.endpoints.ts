import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { Limit, Offset } from '../common/pagination.js';
import { CalendarDate, CompanyId, Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { registerMessages as msg } from './register.messages.js';

/**
 * The plant-protection register's exports (issue 22; docs/decisions.md, "Plant-protection register:
 * applications, rules, exports"): the EU 2023/564 record as CSV or JSON (one line per product per application),
 * the GLOBALG.A.P. plant-protection record, a printable spray diary and the applications list.
 */
export const REGISTER_EXPORTS = ['eu_csv', 'eu_json', 'globalgap_csv', 'spray_diary_html', 'applications_csv'] as const;
export const RegisterExportFormat = z.enum(REGISTER_EXPORTS, { error: `must be one of ${REGISTER_EXPORTS.join(', ')}` });
export type RegisterExportFormat = z.infer<typeof RegisterExportFormat>;

/** Headers an export answers before its body, so the app can show progress while it streams. */
export const REGISTER_EXPORT_HEADERS = { rows: 'x-export-rows' } as const;

export const RegisterExportQuery = z
  .object({
    company_id: CompanyId,
    format: RegisterExportFormat,
    from: CalendarDate,
    to: CalendarDate,
    room_id: absentIfBlank(Id),
  })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: msg.toBeforeFrom });
  });

/** One application as the register's list shows it (its products joined in line order). */
export const RegisterApplication = z.object({
  application_id: z.number(),
  date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  products: z.string(),
  quantities: z.string(),
  crop_eppo: z.string().nullable(),
  bbch: z.number().nullable(),
  rooms: z.string().nullable(),
  boxes_treated: z.number(),
  area_m2: z.number().nullable(),
  targets: z.string().nullable(),
  operator: z.string().nullable(),
  no_entry_until: z.string().nullable(),
  harvest_not_before: z.string().nullable(),
});
export type RegisterApplication = z.infer<typeof RegisterApplication>;

const PeriodQuery = z
  .object({ company_id: CompanyId, from: CalendarDate, to: CalendarDate, room_id: absentIfBlank(Id), limit: Limit(50, 200), offset: Offset })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: msg.toBeforeFrom });
  });

export const registerEndpoints = {
  listRegisterApplications: defineEndpoint({
    id: 'listRegisterApplications', domain: 'register', method: 'GET', path: '/register/applications',
    summary: 'The applications of a period (and a room), oldest first, a page at a time (has_more says whether another follows)',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: PeriodQuery,
    response: success({ applications: z.array(RegisterApplication), has_more: z.boolean() }),
  }),
  exportRegister: defineEndpoint({
    id: 'exportRegister', domain: 'register', method: 'GET', path: '/register/export',
    summary:
      'The plant-protection register for a period (and a room), streamed: eu_csv / eu_json (Regulation (EU) 2023/564, one line per product per application), ' +
      'globalgap_csv (GLOBALG.A.P. IFA plant-protection record), spray_diary_html (printable), applications_csv (one line per application). ' +
      `${REGISTER_EXPORT_HEADERS.rows} says how many lines follow (Admin)`,
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: RegisterExportQuery,
    response: 'binary',
  }),
};
