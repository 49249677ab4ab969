import { aiCommandMessages as msg, type aiCommandEndpoints, type EndpointInput } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { iso } from '../../lib/iso.js';
import type { Deps } from '../../lib/deps.js';

/**
 * Stores the command with its user. The spec sends user_id (a user of another company → 404 by the contract);
 * as with comments, the stored user is always the signed-in caller, whatever user_id names.
 */
export async function saveCommand({ db }: Deps, caller: Caller, input: EndpointInput<(typeof aiCommandEndpoints)['saveCommand']>) {
  const row = await db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('ai_commands')
      .values({ company_id: caller.company_id, user_id: caller.user_id, command: input.command })
      .returning(['command_id', 'command', 'created_at'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'ai_command.saved', entityType: 'ai_command',
      entityId: saved.command_id, after: { command: input.command },
    });
    return saved;
  });
  return {
    status: 'success' as const,
    message: msg.saved,
    command: { command_id: row.command_id, command: row.command, user_id: caller.user_id, created_at: iso(row.created_at) },
  };
}
