import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { Id } from '../common/fields.js';

export const AI_COMMAND_MAX_LENGTH = 4000;

export const aiCommandMessages = {
  saveFailed: 'Failed to save Ai Command (saveAiCommand)',
  noResponse: 'Network error or server did not respond',
  saved: 'Command saved.',
} as const;

/** A stored command: what a user typed or said to the assistant, and who. */
export const AiCommand = z.object({
  command_id: z.number(),
  command: z.string(),
  user_id: z.number(),
  created_at: z.string(),
});
export type AiCommand = z.infer<typeof AiCommand>;

export const aiCommandEndpoints = {
  saveCommand: defineEndpoint({
    id: 'saveCommand', domain: 'ai_command', method: 'POST', path: '/save_command',
    summary: 'Store an AI command with its user (always the signed-in caller, whatever user_id names)',
    auth: { kind: 'user', roles: ALL_ROLES },
    // user_id must be a user of the caller's company (404); the service records the caller.
    tenancy: { user: ['user_id'] },
    query: z.object({
      command: z
        .string()
        .trim()
        .min(1, { error: 'is required' })
        .max(AI_COMMAND_MAX_LENGTH, { error: `must be at most ${AI_COMMAND_MAX_LENGTH} characters` }),
      user_id: Id,
    }),
    response: success({ message: z.string(), command: AiCommand }),
    clientMessages: { failure: aiCommandMessages.saveFailed, noResponse: aiCommandMessages.noResponse },
  }),
};
