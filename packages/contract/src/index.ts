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

export * from './http/define-endpoint.js';
export * from './http/envelope.js';
export * from './http/error-codes.js';
export * from './common/fields.js';
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
} as const;

export const endpoints = Object.assign({}, ...Object.values(domains)) as {
  [D in keyof typeof domains]: (typeof domains)[D];
}[keyof typeof domains] extends infer U
  ? (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void
    ? I
    : never
  : never;
