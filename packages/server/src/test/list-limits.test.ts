import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, type EndpointConfig } from '@verdant/contract';

/**
 * No list endpoint answers unbounded rows (issue 19). Every endpoint whose answer holds an array of rows
 * (objects, at any depth) takes a limit with a maximum (`limit`, `per_page` or `page_size`), or is listed here
 * with the bound it has by nature. Walks the contract, so a new list endpoint is checked the day it is added.
 */
const SETUP = 'what the company set up (a catalogue or settings list): tens to hundreds of rows, made by hand';
const ONE_PARENT = 'the rows of one parent';
const FACILITY = 'one row per room, grid or box of what is asked, and boxes are capped (VERDANT_MAX_BOXES_PER_ROOM / _PER_COMPANY)';
const SERIES = 'one point per bucket of the asked range per series, series by problem (the vocabulary) or by the listed filter';
const INTRINSIC: Record<string, string> = {
  loadUsers: `${SETUP} (the company's users)`,
  pendingInvitations: `${SETUP} (open invitations)`,
  getGridTemplates: SETUP,
  getFormTemplates: `${SETUP}, with each template's fields`,
  getFieldTypes: 'the fixed list of field types',
  loadPlantProblems: `${SETUP}: the problem library (built-in plus the company's own)`,
  filterPlantProblems: 'a filter of the problem library (as loadPlantProblems)',
  getSymptomGroups: 'the fixed symptom library',
  getColorSymptoms: 'the fixed symptom library',
  getProblemColorMappings: `${SETUP} (one colour per problem)`,
  getTrayTemplates: SETUP,
  getAllTrays: `${SETUP} (tray kinds)`,
  getProductDetails: `${SETUP} (spray products)`,
  getCrops: `${SETUP} (the company's crops)`,
  getStock: `${SETUP}: one row per live spray product, each with its lots still holding stock (deliveries, tens per product)`,
  getStockWarnings: 'at most one warning per product and per lot holding stock (as getStock)',
  getTreatment: `${SETUP} (treatment kinds of one type)`,
  getAllTreatment: `${SETUP} (treatment kinds, deleted ones included)`,
  getCustomBatchStatuses: SETUP,
  getSavedReports: `${SETUP} (saved report definitions)`,
  getDashboardReports: 'the dashboard\'s four slots',
  getReportInfo: 'the fixed list of report types',
  getReportTemplatesByCompany: SETUP,
  getReportableFields: `${SETUP} (the fields of the company's forms)`,
  getScoutingFrequency: `${SETUP} (one override per room)`,
  getAllTaskTemplates: `${SETUP} (task templates, not tasks)`,
  getAiModels: 'the installed models',
  getScanQuality: 'one row per model and problem (the vocabulary)',
  getCameras: SETUP,
  getAutomationFields: SETUP,
  getNotifications: `${SETUP} (notification rules, not deliveries)`,
  getConsultants: `${SETUP}, with each consultant's rooms (at most CONSULTANT_ROOMS_MAX)`,
  getConsultantRooms: 'at most CONSULTANT_ROOMS_MAX rooms of one consultant',
  getActionThresholds: SETUP,
  getSubGridboxes: `${ONE_PARENT}: at most SUB_GRIDBOX_MAX_ALLOWED (100) sub-boxes of one box`,
  getFieldResponses: `${ONE_PARENT}: the fields and photos of one response`,
  checkForStickytrap: `${ONE_PARENT}: the counts of one trap's latest response (one per problem)`,
  getScanDetails: `${ONE_PARENT}: one scan's images (at most SCAN_MAX_IMAGES) and their detections`,
  getComments: `${ONE_PARENT}: the comments on one response`,
  batchQrInfo: `${ONE_PARENT}: the rooms of one batch`,
  batchQrLabels: 'one label per asked batch, with its rooms',
  getUnresolvedProblemsForGridbox: `${ONE_PARENT}: the open problems of one box`,
  getStickyTrapResponsesByGridboxDate: `${ONE_PARENT}: one box's trap responses of one day`,
  getFieldResponsesByGridboxDateForms: `${ONE_PARENT}: one box's responses of one day`,
  getRoomScanDetails: `${ONE_PARENT}: one room's marks of the current round and one mark per earlier round`,
  getGridScanDetails: `${ONE_PARENT}: one grid's marks of the current round and one mark per earlier round`,
  getAllBatchesLinkedToPlant: `${ONE_PARENT}: the batches one plant was in`,
  getAllPlantsLinkedToBatch: `${ONE_PARENT}: one batch's plants (a batch is what fits its boxes' sub-boxes)`,
  getBatchProblems: `${ONE_PARENT}: one batch's problems`,
  getPlantHistoryDate: `${ONE_PARENT}: one box's dated history`,
  getWhiteboardHistory: `${ONE_PARENT}: one room's whiteboard photos`,
  getBatchFormResponses: `${ONE_PARENT}: one batch's responses over its life (the one of these that can grow large; paging it is left open, docs/decisions.md)`,
  getResponsesForGrid2: `${ONE_PARENT}: one grid's responses in the asked days`,
  loadRoomGridsBoxes: `${FACILITY}; streamed in pages and compressed (issue 19)`,
  getGridBackground: FACILITY,
  getCulledGridboxes: FACILITY,
  getGridboxesNames: FACILITY,
  getStickyTrapResponsesGrid: `${FACILITY}: the latest trap counts per box of one grid`,
  getUnresolvedProblemsForGrid: `${FACILITY}: one grid's boxes with open problems`,
  getUnresolvedProblemsForGridCircles: `${FACILITY}: one grid's boxes with open problems`,
  getUnresolvedProblemsByType: 'one row per open problem name (the vocabulary)',
  getUnresolvedProblemsForRoom: 'one row per open problem name of one room (the vocabulary)',
  getGridboxBatches: `${FACILITY}: one grid's boxes with their batches`,
  getRoomsByBatch: `${FACILITY}: the rooms of one batch`,
  getScoutingCoverage: `${FACILITY}: one row per room (and one room's overdue box ids)`,
  getRoomThresholdLevels: `${FACILITY}: one row per room over a threshold`,
  getRoomPressureFrames: 'one frame per day of the asked range for one room',
  getBatches: 'the company\'s batches (hundreds: a batch is a crop cycle)',
  getBatchesByRoom: 'the batches of one room',
  filterBatchesByStatus: 'the company\'s batches of some statuses',
  getBatchDashboard: 'one batch: its status changes, weekly problem and response counts, treatments (capped in SQL at 1,000 and 500)',
  searchPlants: 'a fixed number of results (RESULT_LIMIT in the search service)',
  getProblemTrends: SERIES,
  getTrendsReportGraph: SERIES,
  getTrendsCumulativeReportGraph: SERIES,
  getSpecificTrends: SERIES,
  getTrendsWithSeverity: SERIES,
  getSingleProblemTrend: SERIES,
  getTreatmentEffectivenessReport: `${SERIES} (weeks around each treatment)`,
  getFieldResponsesReport: SERIES,
  getGutterTrends: SERIES,
  getCropBalanceReport: 'one series per room that grew the crop (rooms of one crop), one point per week of at most MAX_CROP_BALANCE_WEEKS (104) weeks',
  getCropStatusReport: 'one row per batch status and room (batches are hundreds)',
  getPlantCountReport: 'one row per batch (hundreds)',
  cropAvailabilityReport: 'one row per week of the range, each with its batches (CROP_REPORT_MAX_BATCHES)',
  getCropStatusByVariety: 'one row per strain (CROP_REPORT_MAX_STRAINS)',
  getWeatherRange: 'at most WEATHER_RANGE_MAX_DAYS days',
  getOfflineRoomBundle: `${FACILITY}: one room's grids and boxes, each part bounded as its own endpoint (issue 19's offline fill)`,
  getApiTokens: "at most MAX_LIVE_TOKENS (20) live tokens of the caller's own (modules/api_tokens)",
  getOfflineBatchesBundle: 'at most OFFLINE_BATCHES_MAX batches per call (batch_ids), each part bounded as its own endpoint, and the rooms they are in',
  getMeasurementTypes: SETUP,
  getCropPlantings: 'one row per crop planting of the company (a room has one or two a year)',
  getSampleSets: `${ONE_PARENT}: one planting's sets (one per rotation), each of at most 500 plants`,
  getRegistrationWalk: `${ONE_PARENT}: one set's plants (at most 500), the crop's types and two weeks of values`,
  getRoomSamplePlants: `${ONE_PARENT}: the plants of one room's sets running in one week (a set holds at most 500; a room has one or two plantings), each with one week of values`,
  getSamplePlantHistory: `${ONE_PARENT}: at most 52 weeks (\`weeks\`) of one sample plant, each with its values (one per type) and one photo`,
  getRoomTemperatures: 'at most 400 days of one room',
  getCropHarvests: `${ONE_PARENT}: one row per week of one planting`,
  getCropIndicators: 'one row per planting and week of at most MAX_INDICATOR_WEEKS (104) weeks; the crop\'s targets, one per indicator',
  getCropTargets: 'one per indicator of one crop (INDICATORS)',
  getHarvestForecast: 'one kept forecast (5 horizons, its inputs: at most 21 weeks of trusses and 26 of temperatures) per planting of one room (a room has one or two a year)',
  getForecastAccuracy: 'one row per made week (at most MAX_INDICATOR_WEEKS) and horizon (5) of one planting',
  getImportJob: 'one import job: its preview lists at most FACILITY_PREVIEW_LINES / OBSERVATION_PREVIEW_LINES lines of each kind, and the grids its file makes (boxes are capped per room and company)',
};

const LIMIT_NAMES = ['limit', 'per_page', 'page_size'];

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[] };
const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const shapeOf = (s: z.ZodType): Record<string, z.ZodType> => (s as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};

/** The schema under defaults, optionals, nullables, pipes and preprocessors. */
function unwrap(s: z.ZodType): z.ZodType {
  for (let d = def(s); ; d = def(s)) {
    if (d.innerType) s = d.innerType;
    else if (d.type === 'pipe') s = def(d.in!).type === 'transform' ? d.out! : d.in!;
    else return s;
  }
}

/** Paths of the arrays of objects in an answer. */
function rowArrays(s: z.ZodType, path = ''): string[] {
  const u = unwrap(s);
  const d = def(u);
  if (d.type === 'object') return Object.entries(shapeOf(u)).flatMap(([k, v]) => rowArrays(v, path ? `${path}.${k}` : k));
  if (d.type === 'union') return (d.options ?? []).flatMap((o) => rowArrays(o, path));
  if (d.type === 'array') {
    const el = unwrap(d.element!);
    return def(el).type === 'object' ? [path, ...rowArrays(el, `${path}[]`)] : [];
  }
  return [];
}

function limitMax(e: EndpointConfig): number | null {
  const fields = { ...(e.query ? shapeOf(e.query) : {}), ...(e.either ? shapeOf(e.either) : {}), ...(e.body?.schema ? shapeOf(e.body.schema) : {}) };
  for (const name of LIMIT_NAMES) {
    const f = fields[name];
    if (!f) continue;
    const max = (unwrap(f) as unknown as { maxValue?: number | null }).maxValue;
    if (typeof max === 'number' && Number.isFinite(max)) return max;
  }
  return null;
}

const lists = (Object.values(endpoints) as EndpointConfig[])
  .filter((e) => e.method === 'GET' && e.response !== 'binary')
  .map((e) => ({ e, rows: rowArrays(e.response as z.ZodType) }))
  .filter((x) => x.rows.length > 0);

describe('list endpoints are bounded', () => {
  it('finds the list endpoints', () => {
    expect(lists.map((x) => x.e.path)).toContain('/get_problem_observations');
    expect(lists.map((x) => x.e.path)).toContain('/get_audit_events');
  });

  it('every list takes a limit with a maximum, or has a bound by nature listed with its reason', () => {
    const unbounded = lists.filter((x) => limitMax(x.e) === null && !(x.e.id in INTRINSIC)).map((x) => `${x.e.id} ${x.e.path} (${x.rows.join(', ')})`);
    expect(unbounded).toEqual([]);
  });

  it('lists no endpoint as bounded by nature that is not a list or has a limit', () => {
    const byId = new Map(lists.map((x) => [x.e.id, x]));
    expect(Object.keys(INTRINSIC).filter((id) => !byId.has(id) || limitMax(byId.get(id)!.e) !== null)).toEqual([]);
  });
});
