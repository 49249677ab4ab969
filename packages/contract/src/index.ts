import { healthEndpoints } from './health/health.endpoints.js';
import { authEndpoints } from './auth/auth.endpoints.js';
import { usersEndpoints } from './users/users.endpoints.js';
import { invitationsEndpoints } from './invitations/invitations.endpoints.js';
import { companyEndpoints } from './company/company.endpoints.js';
import { companySettingsEndpoints } from './company_settings/company-settings.endpoints.js';
import { contactEndpoints } from './contact/contact.endpoints.js';
import { subGridboxesEndpoints } from './sub_gridboxes/sub-gridboxes.endpoints.js';
import { gridTemplatesEndpoints } from './grid_templates/grid-templates.endpoints.js';
import { movementEndpoints } from './movement/movement.endpoints.js';
import { roomsEndpoints } from './rooms/rooms.endpoints.js';
import { gridsEndpoints } from './grids/grids.endpoints.js';
import { gridBoxesEndpoints } from './grid_boxes/grid-boxes.endpoints.js';
import { roomScrollEndpoints } from './room_scroll/room-scroll.endpoints.js';
import { scoutingEndpoints } from './scouting/scouting.endpoints.js';
import { formResponsesEndpoints } from './forms/form-responses.endpoints.js';
import { stickyTrapsEndpoints } from './sticky_traps/sticky-traps.endpoints.js';
import { commentsEndpoints } from './comments/comments.endpoints.js';
import { formTemplatesEndpoints } from './forms/form-templates.endpoints.js';
import { formHideUntilEndpoints } from './form_hide_until/form-hide-until.endpoints.js';
import { plantProblemsEndpoints } from './plant_problems/plant-problems.endpoints.js';
import { problemColorsEndpoints } from './problem_colors/problem-colors.endpoints.js';
import { unresolvedProblemsEndpoints } from './unresolved_problems/unresolved-problems.endpoints.js';
import { observationsEndpoints } from './unresolved_problems/observations.endpoints.js';
import { batchProblemsEndpoints } from './batch_problems/batch-problems.endpoints.js';
import { plantsEndpoints } from './plants/plants.endpoints.js';
import { traysEndpoints } from './trays/trays.endpoints.js';
import { sprayProductsEndpoints } from './spray_products/spray-products.endpoints.js';
import { cropsEndpoints } from './crops/crops.endpoints.js';
import { stockEndpoints } from './stock/stock.endpoints.js';
import { treatmentsEndpoints } from './treatments/treatments.endpoints.js';
import { registerEndpoints } from './register/register.endpoints.js';
import { batchesEndpoints } from './batches/batches.endpoints.js';
import { searchEndpoints } from './search/search.endpoints.js';
import { auditEndpoints } from './audit/audit.endpoints.js';
import { reportsEndpoints } from './reports/reports.endpoints.js';
import { savedReportsEndpoints } from './saved_reports/saved-reports.endpoints.js';
import { cropReportsEndpoints } from './crop_reports/crop-reports.endpoints.js';
import { weatherEndpoints } from './weather/weather.endpoints.js';
import { scoutingCoverageEndpoints } from './scouting_coverage/scouting-coverage.endpoints.js';
import { pressureEndpoints } from './pressure/pressure.endpoints.js';
import { tasksEndpoints } from './tasks/tasks.endpoints.js';
import { scansEndpoints } from './scans/scans.endpoints.js';
import { scanModelsEndpoints } from './scans/scan-models.endpoints.js';
import { scanReviewEndpoints } from './scans/scan-review.endpoints.js';
import { camerasEndpoints } from './cameras/cameras.endpoints.js';
import { automationsEndpoints } from './automations/automations.endpoints.js';
import { aiCommandEndpoints } from './ai_command/ai-command.endpoints.js';
import { apiTokensEndpoints } from './api_tokens/api-tokens.endpoints.js';
import { calendarFeedEndpoints } from './calendar_feed/calendar-feed.endpoints.js';
import { companyTimeZoneEndpoints } from './company_time_zone/company-time-zone.endpoints.js';
import { consultantsEndpoints } from './consultants/consultants.endpoints.js';
import { offlineFillEndpoints } from './offline_fill/offline-fill.endpoints.js';
import { cropRegistrationEndpoints } from './crop_registration/crop-registration.endpoints.js';
import { bulkEndpoints } from './bulk/bulk.endpoints.js';
import { facilityTransferEndpoints } from './facility_transfer/facility-transfer.endpoints.js';
import { thresholdsEndpoints } from './thresholds/thresholds.endpoints.js';

export * from './http/define-endpoint.js';
export * from './http/envelope.js';
export * from './http/error-codes.js';
export * from './common/fields.js';
export * from './calendar/index.js';
export * from './common/pagination.js';
export * from './common/constants.js';
export * from './auth/auth.schemas.js';
export * from './auth/auth.messages.js';
export * from './users/users.endpoints.js';
export * from './invitations/invitations.endpoints.js';
export * from './company/company.endpoints.js';
export * from './company_settings/company-settings.endpoints.js';
export * from './rooms/rooms.schemas.js';
export * from './rooms/rooms.messages.js';
export * from './rooms/rooms.endpoints.js';
export * from './grids/grids.endpoints.js';
export * from './grid_boxes/grid-boxes.endpoints.js';
export * from './room_scroll/room-scroll.endpoints.js';
export * from './scouting/scouting.endpoints.js';
export * from './sub_gridboxes/sub-gridboxes.schemas.js';
export * from './sub_gridboxes/sub-gridboxes.endpoints.js';
export * from './grid_templates/grid-templates.endpoints.js';
export * from './movement/movement.endpoints.js';
export * from './forms/form-responses.schemas.js';
export * from './forms/form-responses.endpoints.js';
export * from './sticky_traps/sticky-traps.endpoints.js';
export * from './comments/comments.endpoints.js';
export * from './forms/field-types.js';
export * from './forms/visible-fields.js';
export * from './forms/form-templates.schemas.js';
export * from './forms/form-templates.messages.js';
export * from './forms/form-templates.endpoints.js';
export * from './form_hide_until/form-hide-until.endpoints.js';
export * from './plant_problems/plant-problems.schemas.js';
export * from './plant_problems/plant-problems.endpoints.js';
export * from './problem_colors/problem-colors.endpoints.js';
export * from './problem_colors/problem-vocabulary.js';
export * from './unresolved_problems/unresolved-problems.schemas.js';
export * from './unresolved_problems/unresolved-problems.endpoints.js';
export * from './unresolved_problems/observations.endpoints.js';
export * from './common/list-field.js';
export * from './batch_problems/batch-problems.schemas.js';
export * from './batch_problems/batch-problems.endpoints.js';
export * from './plants/plants.schemas.js';
export * from './plants/plants.endpoints.js';
export * from './trays/trays.schemas.js';
export * from './trays/trays.messages.js';
export * from './trays/trays.endpoints.js';
export * from './spray_products/spray-products.schemas.js';
export * from './spray_products/spray-products.messages.js';
export * from './spray_products/spray-products.endpoints.js';
export * from './crops/crop-codes.js';
export * from './crops/crops.schemas.js';
export * from './crops/crops.messages.js';
export * from './crops/crops.endpoints.js';
export * from './stock/stock.schemas.js';
export * from './stock/stock.messages.js';
export * from './stock/stock.endpoints.js';
export * from './treatments/treatments.schemas.js';
export * from './treatments/treatments.messages.js';
export * from './treatments/treatments.endpoints.js';
export * from './treatments/application-register.schemas.js';
export * from './register/register.endpoints.js';
export * from './register/register.messages.js';
export * from './batches/batch.schemas.js';
export * from './batches/batches.messages.js';
export * from './batches/batches.endpoints.js';
export * from './search/search.endpoints.js';
export * from './audit/audit.endpoints.js';
export * from './saved_reports/report-kinds.js';
export * from './saved_reports/saved-reports.schemas.js';
export * from './saved_reports/saved-reports.messages.js';
export * from './saved_reports/saved-reports.endpoints.js';
export * from './reports/reports.schemas.js';
export * from './reports/reports.messages.js';
export * from './reports/report-range.js';
export * from './reports/reports.endpoints.js';
export * from './crop_reports/crop-reports.schemas.js';
export * from './crop_reports/crop-reports.messages.js';
export * from './crop_reports/crop-reports.endpoints.js';
export * from './weather/weather.schemas.js';
export * from './weather/weather.endpoints.js';
export * from './scouting_coverage/scouting-coverage.endpoints.js';
export * from './pressure/pressure.endpoints.js';
export * from './tasks/tasks.schemas.js';
export * from './tasks/tasks.messages.js';
export * from './tasks/tasks.endpoints.js';
export * from './ai_command/ai-command.endpoints.js';
export * from './api_tokens/api-tokens.schemas.js';
export * from './api_tokens/api-tokens.messages.js';
export * from './api_tokens/api-tokens.scopes.js';
export * from './api_tokens/api-tokens.endpoints.js';
export * from './calendar_feed/calendar-feed.schemas.js';
export * from './calendar_feed/calendar-feed.messages.js';
export * from './calendar_feed/calendar-feed.endpoints.js';
export * from './company_time_zone/company-time-zone.endpoints.js';
export * from './consultants/consultants.endpoints.js';
export * from './consultants/consultant-access.js';
export * from './scans/scans.schemas.js';
export * from './scans/scans.messages.js';
export * from './scans/scans.endpoints.js';
export * from './scans/scan-models.endpoints.js';
export * from './scans/scan-review.schemas.js';
export * from './scans/scan-review.messages.js';
export * from './scans/scan-review.endpoints.js';
export * from './cameras/cameras.schemas.js';
export * from './cameras/cameras.messages.js';
export * from './cameras/cameras.endpoints.js';
export * from './automations/automations.schemas.js';
export * from './automations/automations.messages.js';
export * from './automations/automations.endpoints.js';
export * from './thresholds/thresholds.schemas.js';
export * from './thresholds/thresholds.endpoints.js';
export * from './offline_fill/offline-fill.endpoints.js';
export * from './offline_fill/offline-fill.columns.js';
export * from './crop_registration/crop-registration.messages.js';
export * from './crop_registration/crop-registration.schemas.js';
export * from './crop_registration/crop-registration.endpoints.js';
export * from './bulk/bulk.endpoints.js';
export * from './facility_transfer/facility-transfer.endpoints.js';
export { healthEndpoints, authEndpoints, contactEndpoints };

/** Every endpoint, by domain. A domain listed here must have handlers on the server (type-checked). */
export const domains = {
  health: healthEndpoints,
  auth: authEndpoints,
  users: usersEndpoints,
  invitations: invitationsEndpoints,
  company: companyEndpoints,
  company_settings: companySettingsEndpoints,
  contact: contactEndpoints,
  sub_gridboxes: subGridboxesEndpoints,
  grid_templates: gridTemplatesEndpoints,
  movement: movementEndpoints,
  rooms: roomsEndpoints,
  grids: gridsEndpoints,
  grid_boxes: gridBoxesEndpoints,
  room_scroll: roomScrollEndpoints,
  scouting: scoutingEndpoints,
  form_responses: formResponsesEndpoints,
  sticky_traps: stickyTrapsEndpoints,
  comments: commentsEndpoints,
  forms: formTemplatesEndpoints,
  form_hide_until: formHideUntilEndpoints,
  plant_problems: plantProblemsEndpoints,
  problem_colors: problemColorsEndpoints,
  unresolved_problems: unresolvedProblemsEndpoints,
  /** Verdant extension: the observation list behind the `observations` screen. */
  observations: observationsEndpoints,
  batch_problems: batchProblemsEndpoints,
  plants: plantsEndpoints,
  trays: traysEndpoints,
  spray_products: sprayProductsEndpoints,
  /** Verdant extension: the company's crops by EPPO code (docs/decisions.md, "Plant-protection register: products, crops, stock"). */
  crops: cropsEndpoints,
  /** Verdant extension: stock of products per lot (same section). */
  stock: stockEndpoints,
  treatments: treatmentsEndpoints,
  /** Verdant extension: the plant-protection register's exports (docs/decisions.md, "Plant-protection register: applications, rules, exports"). */
  register: registerEndpoints,
  batches: batchesEndpoints,
  audit: auditEndpoints,
  search: searchEndpoints,
  reports: reportsEndpoints,
  crop_reports: cropReportsEndpoints,
  saved_reports: savedReportsEndpoints,
  weather: weatherEndpoints,
  /** Verdant extension: scouting frequency and coverage (docs/decisions.md). */
  scouting_coverage: scoutingCoverageEndpoints,
  /** Verdant extension: pressure over time on the room map (docs/decisions.md). */
  pressure: pressureEndpoints,
  tasks: tasksEndpoints,
  /** Verdant extension: photo scans (docs/decisions.md, "Scans"); delete_scan is the spec's. */
  scans: scansEndpoints,
  /** Verdant extension: an offered ONNX classifier for the phone to run offline (docs/decisions.md, "Models on the phone"). */
  scan_models: scanModelsEndpoints,
  /** Verdant extension: corrections that teach and Scan quality (docs/decisions.md, "Scan corrections (issue 18)"). */
  scan_review: scanReviewEndpoints,
  /** Verdant extension: fixed cameras posting images with an ingest token (docs/decisions.md, "Fixed cameras"). */
  cameras: camerasEndpoints,
  /** The spec's six automation calls, and the delivery log, dead-letter retry and test send (docs/decisions.md, "Automations"). */
  automations: automationsEndpoints,
  ai_command: aiCommandEndpoints,
  /** Verdant extension: personal API tokens with scopes for integrators (docs/decisions.md, "Personal API tokens"). */
  api_tokens: apiTokensEndpoints,
  /** Verdant extension: a personal iCalendar feed behind a secret address (docs/decisions.md, "Calendar feed"). */
  calendar_feed: calendarFeedEndpoints,
  /** Verdant extension: the company's time zone for recurring tasks and reminders (docs/decisions.md). */
  company_time_zone: companyTimeZoneEndpoints,
  /** Verdant extension: outside advisers with read-only access to chosen rooms (docs/decisions.md, "Consultants"). */
  consultants: consultantsEndpoints,
  /** Verdant extension: action thresholds, green / amber / red per problem (docs/decisions.md, "Action thresholds"). */
  thresholds: thresholdsEndpoints,
  /** Verdant extension: the offline fill's bulk reads, a room or many batches per answer (docs/decisions.md, "Offline fill in bulk"). */
  offline_fill: offlineFillEndpoints,
  /** Verdant extension: crop registration on sample plants and the harvest forecast (docs/decisions.md, "Crop registration and harvest forecast"). */
  crop_registration: cropRegistrationEndpoints,
  /** Verdant extension: change many boxes, observations or tasks at once, and undo it (docs/decisions.md, "Change many at once"). */
  bulk: bulkEndpoints,
  /** Verdant extension: the facility out and back in as CSV or GeoJSON, with a preview and an undo (docs/decisions.md, "Facility round trip"). */
  facility_transfer: facilityTransferEndpoints,
} as const;

export const endpoints = Object.assign({}, ...Object.values(domains)) as {
  [D in keyof typeof domains]: (typeof domains)[D];
}[keyof typeof domains] extends infer U
  ? (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void
    ? I
    : never
  : never;
