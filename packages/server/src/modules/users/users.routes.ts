import type { usersEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { getThreshold, getUserLanguage, loadUsers, setSprayLicence, setThreshold, setUserActive, setUserLanguage, updateLocation, updateUserRole } from './users.service.js';

export const usersHandlers: Handlers<typeof usersEndpoints> = {
  loadUsers: ({ app, input }) => loadUsers(app, input.company_id, input.user_id),
  getThreshold: ({ app, user, input }) => getThreshold(app, user, input.user_id),
  setThreshold: ({ app, user, input }) => setThreshold(app, user, input.user_id, input.threshold),
  updateLocation: ({ app, user, input }) => updateLocation(app, user, input.user_id, input.location),
  updateUserRole: ({ app, user, input }) => updateUserRole(app, user, input.user_id, input.user_role),
  setUserActive: ({ app, user, input }) => setUserActive(app, user, input.user_id, input.active),
  getUserLanguage: ({ app, user, input }) => getUserLanguage(app, user, input.user_id),
  setUserLanguage: ({ app, user, input }) => setUserLanguage(app, user, input.user_id, input.language),
  setSprayLicence: ({ app, user, input }) => setSprayLicence(app, user, input.user_id, input.spray_licence_number),
};
