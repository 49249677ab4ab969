import type { FastifyInstance } from 'fastify';
import { healthModule } from './health/index.js';
import { companyModule } from './company/index.js';
import { companySettingsModule } from './company_settings/index.js';
import { contactModule } from './contact/index.js';
import { authModule } from './auth/index.js';
import { usersModule } from './users/index.js';
import { invitationsModule } from './invitations/index.js';
import { roomsModule } from './rooms/index.js';
import { gridsModule } from './grids/index.js';
import { gridBoxesModule } from './grid_boxes/index.js';
import { roomScrollModule } from './room_scroll/index.js';
import { scoutingModule } from './scouting/index.js';
import { subGridboxesModule } from './sub_gridboxes/index.js';
import { gridTemplatesModule } from './grid_templates/index.js';
import { movementModule } from './movement/index.js';
import { formTemplatesModule } from './form_templates/index.js';
import { formHideUntilModule } from './form_hide_until/index.js';
import { formResponsesModule } from './form_responses/index.js';
import { stickyTrapsModule } from './sticky_traps/index.js';
import { commentsModule } from './comments/index.js';
import { plantProblemsModule } from './plant_problems/index.js';
import { problemColorsModule } from './problem_colors/index.js';
import { unresolvedProblemsModule } from './unresolved_problems/index.js';
import { batchesModule } from './batches/index.js';
import { batchProblemsModule } from './batch_problems/index.js';
import { plantsModule } from './plants/index.js';
import { traysModule } from './trays/index.js';
import { sprayProductsModule } from './spray_products/index.js';
import { cropsModule } from './crops/index.js';
import { stockModule } from './stock/index.js';
import { treatmentsModule } from './treatments/index.js';
import { registerModule } from './register/index.js';
import { searchModule } from './search/index.js';
import { auditModule } from './audit/index.js';
import { reportsModule } from './reports/index.js';
import { savedReportsModule } from './saved_reports/index.js';
import { cropReportsModule } from './crop_reports/index.js';
import { weatherModule } from './weather/index.js';
import { scoutingCoverageModule } from './scouting_coverage/index.js';
import { pressureModule } from './pressure/index.js';
import { tasksModule } from './tasks/index.js';
import { scansModule } from './scans/index.js';
import { camerasModule } from './cameras/index.js';
import { automationsModule } from './automations/index.js';
import { aiCommandModule } from './ai_command/index.js';
import { companyTimeZoneModule } from './company_time_zone/index.js';
import { consultantsModule } from './consultants/index.js';
import { apiTokensModule } from './api_tokens/index.js';
import { calendarFeedModule } from './calendar_feed/index.js';
import { thresholdsModule } from './thresholds/index.js';
import { offlineFillModule } from './offline_fill/index.js';
import { cropRegistrationModule } from './crop_registration/index.js';
import { bulkModule } from './bulk/index.js';
import { facilityTransferModule } from './facility_transfer/index.js';

/** Every API module, registered under /api in this order. */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthModule,
  companyModule,
  companySettingsModule,
  contactModule,
  authModule,
  usersModule,
  invitationsModule,
  roomsModule,
  gridsModule,
  gridBoxesModule,
  roomScrollModule,
  scoutingModule,
  subGridboxesModule,
  gridTemplatesModule,
  movementModule,
  formResponsesModule,
  stickyTrapsModule,
  commentsModule,
  formTemplatesModule,
  formHideUntilModule,
  plantProblemsModule,
  problemColorsModule,
  unresolvedProblemsModule,
  batchesModule,
  batchProblemsModule,
  plantsModule,
  traysModule,
  sprayProductsModule,
  cropsModule,
  stockModule,
  treatmentsModule,
  registerModule,
  searchModule,
  auditModule,
  reportsModule,
  savedReportsModule,
  cropReportsModule,
  weatherModule,
  scoutingCoverageModule,
  pressureModule,
  tasksModule,
  scansModule,
  camerasModule,
  automationsModule,
  aiCommandModule,
  companyTimeZoneModule,
  consultantsModule,
  apiTokensModule,
  calendarFeedModule,
  thresholdsModule,
  offlineFillModule,
  cropRegistrationModule,
  bulkModule,
  facilityTransferModule,
];
