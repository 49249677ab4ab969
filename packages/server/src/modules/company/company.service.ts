import { companyMessages, type EndpointInput, type companyEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { createDefaultSettings } from '../company_settings/company-settings.service.js';
import { toCompanyResponse } from './company.mapper.js';
import { emailHasAccount, issueInvitation, mailInvitation } from '../invitations/index.js';
import { createBuiltInTemplates } from '../form_templates/index.js';
import { emailHasOpenInvitation, findCompanyById, insertCompany } from './company.repository.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof companyEndpoints> = EndpointInput<(typeof companyEndpoints)[K]>;

export type CompanyDeps = Deps<'config' | 'mailer' | 'log'>;

export async function loadCompany({ db }: Deps, caller: Caller, companyId: number) {
  assertOwnCompany(caller, companyId);
  const row = await findCompanyById(db, companyId);
  if (!row) throw notFound('Company');
  return toCompanyResponse(row);
}

/** Creates the company, its default settings and an Admin invitation for its contact, then mails the link. */
export async function createCompany(deps: CompanyDeps, caller: Caller, input: Input<'createCompany'>) {
  const created = await deps.db.transaction().execute(async (trx) => {
    // A person belongs to one company: an address with an account or an open invitation could never
    // accept this one. It also turns a repeated request into a 409 rather than a second company.
    if (await emailHasAccount({ db: trx }, input.contact_email)) throw conflict(companyMessages.contactHasAccount);
    if (await emailHasOpenInvitation(trx, input.contact_email)) throw conflict(companyMessages.contactInvited);
    const company = await insertCompany(trx, {
      company_name: input.company_name,
      company_type: input.company_type || null,
      contact_name: input.contact_name,
      contact_email: input.contact_email,
      contact_phone: input.contact_phone || null,
    });
    await createDefaultSettings({ db: trx }, company.company_id);
    await createBuiltInTemplates({ db: trx }, company.company_id, null);
    const invite = await issueInvitation({ db: trx }, {
      companyId: company.company_id,
      email: input.contact_email,
      role: 'Admin',
      invitedBy: caller.user_id,
    });
    await writeAudit(trx, {
      companyId: company.company_id,
      userId: caller.user_id,
      action: 'company.create',
      entityType: 'company',
      entityId: company.company_id,
      after: { ...toCompanyResponse(company), invitation_id: invite.invitation.invitation_id, invited_role: 'Admin' },
    });
    return { company, invite };
  });

  // The company exists and the token is in the answer, so a mail failure must not turn this into an error.
  await mailInvitation(deps, created.invite.token, created.invite.invitation);
  return { companyId: created.company.company_id, inviteToken: created.invite.token };
}
