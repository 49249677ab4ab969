import type { RegisterExportFormat } from '@verdant/contract';
import { csvRow } from '../../lib/csv.js';
import { isoOrNull } from '../../lib/iso.js';
import type { RegisterLine } from './register.repository.js';

/**
 * What each export carries (docs/decisions.md, "Plant-protection register: applications, rules, exports").
 * A column is a header and how a line fills it; every export is written from the same lines.
 */
type Column = [header: string, cell: (l: RegisterLine) => string | number | null];

const time = (d: Date | null) => isoOrNull(d);
const haOf = (m2: number | null) => (m2 === null ? null : Math.round((m2 / 10_000) * 1e6) / 1e6);
const weather = (l: RegisterLine) =>
  l.weather === null
    ? null
    : [
        l.weather.temperature_c !== undefined ? `${l.weather.temperature_c} °C` : null,
        l.weather.humidity_pct !== undefined ? `${l.weather.humidity_pct}% RH` : null,
        l.weather.wind_speed_ms !== undefined ? `wind ${l.weather.wind_speed_ms} m/s` : null,
        l.weather.conditions ?? null,
      ].filter((x) => x !== null).join(', ') || null;

/** Regulation (EU) 2023/564, Annex: product, authorisation, time, dose, area and location, crop (EPPO) and BBCH, user. */
const EU: Column[] = [
  ['record_id', (l) => `${l.application_id}-${l.line_no}`],
  ['application_id', (l) => l.application_id],
  ['product_line', (l) => l.line_no],
  ['date', (l) => l.day],
  ['start_time', (l) => time(l.started_at ?? l.applied_at)],
  ['end_time', (l) => time(l.ended_at)],
  ['product_name', (l) => l.product_name],
  ['authorisation_number', (l) => l.authorisation_number],
  ['authorisation_country', (l) => l.authorisation_country],
  ['active_substances', (l) => l.active_substances],
  ['crop_eppo_code', (l) => l.crop_eppo],
  ['crop_name', (l) => l.crop_name],
  ['bbch_stage', (l) => l.bbch],
  ['dose', (l) => l.dose],
  ['dose_unit', (l) => l.dose_unit],
  ['quantity_used', (l) => l.quantity_used],
  ['quantity_unit', (l) => l.quantity_unit],
  ['area_treated_m2', (l) => l.area_m2],
  ['area_treated_ha', (l) => haOf(l.area_m2)],
  ['area_source', (l) => l.area_source],
  ['location_rooms', (l) => l.rooms],
  ['location_boxes', (l) => l.boxes],
  ['boxes_treated', (l) => l.box_count],
  ['operator', (l) => l.operator_name],
  ['operator_licence', (l) => l.operator_licence],
];

/** GLOBALG.A.P. IFA plant-protection record: adds justification, PHI, re-entry, equipment, water and weather. */
const GLOBALGAP: Column[] = [
  ['application_id', (l) => l.application_id],
  ['date', (l) => l.day],
  ['start_time', (l) => time(l.started_at ?? l.applied_at)],
  ['end_time', (l) => time(l.ended_at)],
  ['crop', (l) => l.crop_name ?? l.crop_eppo],
  ['crop_eppo_code', (l) => l.crop_eppo],
  ['bbch_stage', (l) => l.bbch],
  ['location', (l) => l.rooms],
  ['grid_boxes', (l) => l.boxes],
  ['area_m2', (l) => l.area_m2],
  ['product_trade_name', (l) => l.product_name],
  ['product_type', (l) => l.product_type],
  ['authorisation_number', (l) => l.authorisation_number],
  ['active_ingredients', (l) => l.active_substances],
  ['justification_target', (l) => l.targets],
  ['target_eppo_codes', (l) => l.target_eppo],
  ['dose', (l) => l.dose],
  ['dose_unit', (l) => l.dose_unit],
  ['quantity_applied', (l) => l.quantity_used],
  ['quantity_unit', (l) => l.quantity_unit],
  ['water_volume_l', (l) => l.water_volume_l],
  ['application_equipment', (l) => l.equipment],
  ['operator', (l) => l.operator_name],
  ['operator_licence', (l) => l.operator_licence],
  ['pre_harvest_interval_days', (l) => l.preharvest_interval_days],
  ['harvest_not_before', (l) => l.preharvest_until],
  ['re_entry_interval_hours', (l) => l.reentry_interval_hours],
  ['no_entry_until', (l) => time(l.reentry_until)],
  ['weather', weather],
  ['beneficials_released', (l) => l.releases],
  ['notes', (l) => l.notes],
];

/** One line per application: its products joined (the list screen's export). */
const APPLICATIONS: Column[] = [
  ['application_id', (l) => l.application_id],
  ['date', (l) => l.day],
  ['start_time', (l) => time(l.started_at ?? l.applied_at)],
  ['end_time', (l) => time(l.ended_at)],
  ['products', (l) => l.product_name],
  ['quantities', (l) => `${l.quantity_used}${l.quantity_unit ? ` ${l.quantity_unit}` : ''}`],
  ['crop_eppo_code', (l) => l.crop_eppo],
  ['bbch_stage', (l) => l.bbch],
  ['rooms', (l) => l.rooms],
  ['boxes_treated', (l) => l.box_count],
  ['area_m2', (l) => l.area_m2],
  ['targets', (l) => l.targets],
  ['operator', (l) => l.operator_name],
  ['no_entry_until', (l) => time(l.reentry_until)],
  ['harvest_not_before', (l) => l.preharvest_until],
];

/** Lines of one application merged into one (products and quantities joined in line order). */
export function mergeApplication(lines: readonly RegisterLine[]): RegisterLine {
  const first = lines[0]!;
  if (lines.length === 1) return first;
  return { ...first, product_name: lines.map((l) => l.product_name).join(' + ') };
}

export const quantitiesOf = (lines: readonly RegisterLine[]) => lines.map((l) => `${l.quantity_used}${l.quantity_unit ? ` ${l.quantity_unit}` : ''}`).join(' + ');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const h = (v: string | number | null) => (v === null ? '' : escapeHtml(String(v)));

/** How an export begins, writes one application's lines, and ends. */
export interface RegisterWriter {
  contentType: string;
  extension: string;
  /** Lines counted for the progress header: product lines, or applications. */
  counts: 'lines' | 'applications';
  head: (title: string) => string;
  application: (lines: readonly RegisterLine[], first: boolean) => string;
  tail: () => string;
}

const csvWriter = (columns: Column[], perApplication: boolean): RegisterWriter => ({
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  counts: perApplication ? 'applications' : 'lines',
  // The byte-order mark lets spreadsheet programs read the UTF-8 (µ, °, accents) as UTF-8.
  head: () => `\uFEFF${csvRow(columns.map(([name]) => name))}`,
  application: (lines) =>
    perApplication
      ? csvRow(columns.map(([name, cell]) => (name === 'quantities' ? quantitiesOf(lines) : cell(mergeApplication(lines)))))
      : lines.map((l) => csvRow(columns.map(([, cell]) => cell(l)))).join(''),
  tail: () => '',
});

const euJson: RegisterWriter = {
  contentType: 'application/json; charset=utf-8',
  extension: 'json',
  counts: 'lines',
  head: (title) => `{"title":${JSON.stringify(title)},"regulation":"(EU) 2023/564","records":[\n`,
  application: (lines, first) =>
    lines.map((l, i) => `${first && i === 0 ? '' : ',\n'}${JSON.stringify(Object.fromEntries(EU.map(([name, cell]) => [name, cell(l)])))}`).join(''),
  tail: () => '\n]}\n',
};

const diary: RegisterWriter = {
  contentType: 'text/html; charset=utf-8',
  extension: 'html',
  counts: 'applications',
  head: (title) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${h(title)}</title><style>` +
    'body{font:12px system-ui,sans-serif;margin:16px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px;vertical-align:top;text-align:left}' +
    'th{background:#eee}@media print{@page{size:A4 landscape;margin:10mm}thead{display:table-header-group}tr{break-inside:avoid}}' +
    `</style></head><body><h1>${h(title)}</h1><table><thead><tr>` +
    ['Date', 'Time', 'Product(s)', 'Authorisation', 'Quantity', 'Dose', 'Crop / BBCH', 'Where', 'Area m²', 'Target', 'Operator', 'Equipment', 'Weather', 'No entry until', 'Harvest not before', 'Signature']
      .map((c) => `<th>${c}</th>`).join('') +
    '</tr></thead><tbody>\n',
  application: (lines) => {
    const a = lines[0]!;
    const start = time(a.started_at ?? a.applied_at);
    const cells = [
      a.day, start ? `${start.slice(11, 16)}${a.ended_at ? `–${time(a.ended_at)!.slice(11, 16)}` : ''} UTC` : '',
      lines.map((l) => l.product_name).join(' + '), lines.map((l) => l.authorisation_number ?? '—').join(' + '), quantitiesOf(lines),
      lines.map((l) => (l.dose === null ? '—' : `${l.dose} ${l.dose_unit ?? ''}`)).join(' + '),
      [a.crop_name ?? a.crop_eppo, a.bbch === null ? null : `BBCH ${a.bbch}`].filter(Boolean).join(' / '),
      `${a.rooms ?? ''} (${a.box_count} boxes)`, a.area_m2, a.targets, [a.operator_name, a.operator_licence].filter(Boolean).join(', '), a.equipment,
      weather(a), time(a.reentry_until), a.preharvest_until, '',
    ];
    return `<tr>${cells.map((c) => `<td>${h(c ?? null)}</td>`).join('')}</tr>\n`;
  },
  tail: () => '</tbody></table></body></html>\n',
};

export const REGISTER_WRITERS: Record<RegisterExportFormat, RegisterWriter> = {
  eu_csv: csvWriter(EU, false),
  eu_json: euJson,
  globalgap_csv: csvWriter(GLOBALGAP, false),
  spray_diary_html: diary,
  applications_csv: csvWriter(APPLICATIONS, true),
};

export const EU_COLUMNS = EU.map(([name]) => name);
export const GLOBALGAP_COLUMNS = GLOBALGAP.map(([name]) => name);
