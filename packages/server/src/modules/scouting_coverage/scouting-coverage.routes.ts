import { scoutingCoverageEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { getCoverage, getFrequency, setFrequency } from './scouting-coverage.service.js';

export const scoutingCoverageHandlers: Handlers<typeof scoutingCoverageEndpoints> = {
  getScoutingFrequency: ({ app, user }) => getFrequency(app, user),
  setScoutingFrequency: ({ app, user, input }) => setFrequency(app, user, input.room_id ?? null, input.due_every_days),
  getScoutingCoverage: ({ app, user, input }) => getCoverage(app, user, input.room_id ?? null),
};
