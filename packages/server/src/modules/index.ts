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
];
