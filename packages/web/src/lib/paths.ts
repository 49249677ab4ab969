/**
 * Every URL the app links or navigates to, built in one place: constants for fixed pages, builders for
 * pages of one record. The router (app/router.tsx, features/{auth,public}/routes.tsx) holds the matching
 * route patterns; app/__tests__/paths.test.ts checks that each URL here reaches a real page.
 */
type Id = number | string;
interface NamedTemplate {
  TemplateID: number;
  TemplateName: string;
}

const dashboard = '/dashboard';

export const paths = {
  home: '/',
  about: '/about-us',
  contact: '/contact-us',
  payments: '/Payments',
  yearPayment: '/YearPayment',
  postPayment: '/PostPayment',
  login: '/login',
  signIn: '/signIn',
  signUp: '/signUp',
  resetPassword: '/ResetPassword',
  newPassword: '/NewPassword',
  unauthorized: '/unauthorized',
  notFound: '/404',

  dashboard,
  overview: `${dashboard}/overview`,
  quickview: `${dashboard}/quickview`,
  company: `${dashboard}/company`,
  profile: `${dashboard}/profile`,
  settings: `${dashboard}/settings`,
  scanNow: `${dashboard}/scanNow`,
  /** Scan now with the place already picked (a room, a grid of it, a box of that grid). */
  scanAt: (place: { roomId: Id; gridId?: Id; boxId?: Id }) =>
    `${dashboard}/scanNow?room_id=${place.roomId}${place.gridId !== undefined ? `&grid_id=${place.gridId}` : ''}${place.gridId !== undefined && place.boxId !== undefined ? `&grid_box_id=${place.boxId}` : ''}`,
  scanHistory: `${dashboard}/scanHistory`,
  /** Scan quality (Admins): how reviewers answered each model, and the labelled export (issue 18). */
  scanQuality: `${dashboard}/scanQuality`,
  tasks: `${dashboard}/tasks`,
  reports: `${dashboard}/reports`,
  /** A saved report's page (reports/{reportID}). */
  report: (reportId: Id) => `${dashboard}/reports/${reportId}`,
  /** The report builder filled in from a saved report, to draw it again with today's data. */
  reportFrom: (reportId: Id) => `${dashboard}/reports?from=${reportId}`,
  /** The report builder opened on a kind with some of its parameters (the crop balance's crop and indicator), drawn at once. */
  reportOf: (kind: string, params: Record<string, string | number> = {}) =>
    `${dashboard}/reports?${new URLSearchParams({ kind, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }).toString()}`,
  automations: `${dashboard}/automations`,
  /** Action thresholds (Verdant extension, issue 12), reached from the automations screen. */
  thresholds: `${dashboard}/thresholds`,
  treatmentProduct: `${dashboard}/treatmentProduct`,
  /** Stock of plant-protection products per lot (issue 22), reached from the treatments screen. */
  stock: `${dashboard}/stock`,
  /** The beneficials side-effect table (issue 22), reached from the treatments screen. */
  sideEffects: `${dashboard}/side-effects`,
  /** The company's crops by EPPO code (issue 22). */
  crops: `${dashboard}/crops`,
  /** The plant-protection register's exports (issue 22), reached from the treatments screen. */
  register: `${dashboard}/register`,
  automatedcameras: `${dashboard}/automatedcameras`,
  automatedcameradetail: (cameraId: Id) => `${dashboard}/automatedcameradetail/${cameraId}`,
  /** Record from the camera (or read a video file), analyse sampled frames, send chosen ones as a scan. */
  videoCapture: `${dashboard}/videoCapture`,
  consultants: `${dashboard}/consultants`,
  audittrail: `${dashboard}/audittrail`,

  rooms: `${dashboard}/rooms`,
  /** A room's map; with `box`, that box's sheet opens with the box brought into view. */
  room: (roomId: Id, open?: { box?: Id }) => `${dashboard}/rooms/${roomId}${open?.box !== undefined ? `?box=${open.box}` : ''}`,
  unresolvedRoom: (roomId: Id) => `${dashboard}/rooms/unresolvedRoom/${roomId}`,
  /** The new-grid form (spec name FormEdit), optionally filled from a grid template. */
  gridForm: (templateId?: Id) => `${dashboard}/rooms/FormEdit${templateId === undefined ? '' : `?template=${templateId}`}`,
  roomTemplates: (type?: string) => `${dashboard}/rooms/templates${type ? `?type=${type}` : ''}`,
  roomMovements: `${dashboard}/rooms/movements`,
  roomTransfer: `${dashboard}/rooms/transfer`,

  plantsProblems: `${dashboard}/plantsProblems`,
  plantProblem: (problemId: Id) => `${dashboard}/plantsProblems/${problemId}`,
  observations: `${dashboard}/observations`,
  /** What this device has not sent yet: field actions and form submissions (waiting, refused, just sent). */
  outbox: `${dashboard}/outbox`,

  formbuilder: `${dashboard}/formbuilder`,
  newFormTemplate: `${dashboard}/formbuilder/new`,
  /** formbuilder/{templateID}/{templateName}: the name travels for readable links; the id decides. */
  formTemplate: (t: NamedTemplate) => `${dashboard}/formbuilder/${t.TemplateID}/${encodeURIComponent(t.TemplateName)}`,
  submitForm: (t: NamedTemplate, gridBoxId?: number) =>
    `${dashboard}/formbuilder/submit/${t.TemplateID}/${encodeURIComponent(t.TemplateName)}${gridBoxId ? `?GridBoxID=${gridBoxId}` : ''}`,

  batches: `${dashboard}/batches`,
  batch: (batchId: Id) => `${dashboard}/batch-info/${batchId}`,
  batchLabels: (batchIds: readonly Id[]) => `${dashboard}/batches/labels?ids=${batchIds.join(',')}`,
  inventory: `${dashboard}/inventory`,
  forecasting: `${dashboard}/forecasting`,
  /** Crop registration (issue 24): the week's walk of sample plants on the phone (`?planting=` picks one). */
  cropWalk: `${dashboard}/crop-registration`,
  /** A sample plant's registration on the phone (its QR label and the room map's sheet): the walk opened at that plant. */
  cropWalkPlant: (plantingId: Id, samplePlantId: Id) => `${dashboard}/crop-registration?planting=${plantingId}&plant=${samplePlantId}`,
  cropTypes: `${dashboard}/crop-registration/types`,
  cropSamplePlants: `${dashboard}/crop-registration/sample-plants`,
  cropBalance: `${dashboard}/crop-registration/balance`,
  cropForecast: `${dashboard}/crop-registration/forecast`,

  /** A place's stable link (what its printed QR code holds): the place opens with its form ready. */
  place: (kind: PlaceKind, id: Id) => `${dashboard}/place/${kind}/${id}`,
  /** Printable QR label sheets, optionally started from a room or a grid. */
  labels: (from?: { roomId?: Id; gridId?: Id }) =>
    `${dashboard}/labels${from?.gridId !== undefined ? `?grid=${from.gridId}` : from?.roomId !== undefined ? `?room=${from.roomId}` : ''}`,
  scanLabel: `${dashboard}/scan-label`,
  quickObservation: `${dashboard}/quick-observation`,
} as const;

/** The kinds of place that carry a QR label (batches have their own, `batch`). */
export const PLACE_KINDS = ['room', 'grid', 'box', 'tray'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** True for a path inside the dashboard (not the dashboard root itself). */
export function isDashboardPath(path: string): boolean {
  return path.startsWith(`${dashboard}/`) && path.length > dashboard.length + 1;
}
