import { REGISTER_EXPORT_HEADERS, type registerEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { laggingReads } from '../../lib/deps.js';
import { exportRegister, listApplications } from './register.service.js';

export const registerHandlers: Handlers<typeof registerEndpoints> = {
  listRegisterApplications: ({ app, user, input }) => listApplications(app, user, input),
  exportRegister: async ({ app, user, input, reply }) => {
    // An export may lag a few seconds: the replica when one is set. The list stays on the primary, where the
    // application just recorded is.
    const made = await exportRegister(laggingReads(app), user, input);
    // The line count lets the app show progress while the body streams (its length is not known in advance).
    reply
      .type(made.contentType)
      .header('content-disposition', `attachment; filename="${made.filename}"`)
      .header('cache-control', 'private, no-store')
      .header(REGISTER_EXPORT_HEADERS.rows, String(made.rows));
    return made.stream;
  },
};
