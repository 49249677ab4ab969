import type { FastifyInstance } from 'fastify';
import { DAY_MS as DAY, SEVERITY_LEVELS, SEVERITY_SCALE_MIN, type FieldType } from '@verdant/contract';

import type { Caller } from '../../plugins/auth.js';

import { writeAudit } from '../../lib/audit.js';

import { loadTemplateForSubmission } from '../../modules/form_templates/index.js';

import * as repo from '../../modules/form_responses/form-responses.repository.js';
import { severityOf, type AcceptedAnswer, type FormFieldDef } from '../../modules/form_responses/form-responses.rules.js';

import { fieldDefOf, recordSubmission, type Place } from '../../modules/form_responses/form-responses.service.js';


type Ctx = { companyId: number; userId: number };

/** What the demo's scouts record: library problems by their English names, the stored vocabulary. */
export const DEMO_SCOUTED_PROBLEMS = [
  'Western flower thrips',
  'Two-spotted spider mite',
  'Powdery mildew',
  'Green peach aphid',
  'Greenhouse whitefly',
  'Fungus gnats',
  'Botrytis grey mould',
] as const;
const PROBLEMS = DEMO_SCOUTED_PROBLEMS;
const NOTES = [
  'Damage on the lower leaves.',
  'Spotted during the weekly walk; neighbours look clean.',
  'Webbing on the underside of leaves.',
  'White patches spreading from the older leaves.',
  'Colony on the new growth.',
  '',
];
const COMMENTS = [
  'Released predatory mites on this table.',
  'Checked again two days later: fewer signs.',
  'Please take a photo next round.',
  'Treated with the biological product as planned.',
  'Looks like it started near the door.',
];

/** A small seeded generator: the demo looks the same on every fresh start. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

type TemplateKind = 'scouting' | 'sticky_trap';

/** The company's template of a kind (the forms seeder's defaults); without one, a minimal template of our own. */
async function templateFor(app: FastifyInstance, ctx: Ctx, kind: TemplateKind): Promise<{ templateId: number; fields: FormFieldDef[] }> {
  const fieldType = kind === 'scouting' ? 'problem' : 'sticky-trap-count';
  const found = await app.db
    .selectFrom('form_templates as t')
    .innerJoin('form_fields as f', 'f.template_id', 't.template_id')
    .select('t.template_id')
    .where('t.company_id', '=', ctx.companyId)
    .where('t.deleted_at', 'is', null)
    .where('f.field_type', '=', fieldType)
    .where('f.is_active', '=', true)
    .orderBy((eb) => eb.case().when('t.form_category', '=', kind).then(0).else(1).end())
    .orderBy('t.template_id')
    .executeTakeFirst();
  const templateId = found?.template_id ?? (await createMinimalTemplate(app, ctx, kind));
  const form = await loadTemplateForSubmission(app, ctx.companyId, templateId);
  return { templateId, fields: form!.fields.map(fieldDefOf) };
}

async function createMinimalTemplate(app: FastifyInstance, ctx: Ctx, kind: TemplateKind): Promise<number> {
  const fields: Array<[string, FieldType, string[], boolean]> =
    kind === 'scouting'
      ? [['Problem', 'problem', [], true], ['Severity', 'severity', SEVERITY_LEVELS.map(String), true], ['Notes', 'textarea', [], false]]
      : [['Whiteflies', 'sticky-trap-count', [], true], ['Thrips', 'sticky-trap-count', [], true], ['Fungus gnats', 'sticky-trap-count', [], false]];
  return app.db.transaction().execute(async (trx) => {
    const t = await trx
      .insertInto('form_templates')
      .values({ company_id: ctx.companyId, template_name: kind === 'scouting' ? 'Scouting' : 'Sticky trap count', form_category: kind, created_by: ctx.userId })
      .returning('template_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('form_fields')
      .values(fields.map(([name, type, options, required], position) => ({
        company_id: ctx.companyId, template_id: t.template_id, field_name: name, field_type: type,
        field_options: JSON.stringify(options), is_required: required, position,
      })))
      .execute();
    return t.template_id;
  });
}

/** A plausible answer per field type; the demo writes straight through, so only fields it knows get answers. */
function answersFor(fields: FormFieldDef[], values: Partial<Record<string, string>>): AcceptedAnswer[] {
  return fields
    .filter((f) => f.is_active && values[f.field_type] !== undefined)
    .map((f) => ({ field: f, inputData: values[f.field_type]! }));
}

/**
 * Scouting history for the demo company: ~60 submissions with problems over the last six weeks across
 * the demo rooms' boxes (older ones often resolved, with their action recorded), weekly sticky-trap
 * counts on a few boxes, and a few comments. Runs after the forms seeder; works without it too.
 */
export async function seedScoutingDemo(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  const boxIds = (
    await app.db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', ctx.companyId).where('culled', '=', false).orderBy('grid_box_id').execute()
  ).map((b) => b.grid_box_id);
  if (!boxIds.length) return;
  const places = new Map((await repo.boxPlaces(app.db, ctx.companyId, boxIds)).map((p) => [p.grid_box_id, p]));
  const scouting = await templateFor(app, ctx, 'scouting');
  const traps = await templateFor(app, ctx, 'sticky_trap');
  const rnd = random(ctx.companyId * 7919 + 17);
  const now = Date.now();
  const placeOf = (id: number): Place => ({ ...places.get(id)!, sub_gridbox_id: null });

  await app.db.transaction().execute(async (trx) => {
    const responseIds: number[] = [];
    for (let i = 0; i < 60; i++) {
      const daysAgo = Math.floor(rnd.next() * 42);
      const at = new Date(now - daysAgo * DAY - Math.floor(rnd.next() * 8) * 3_600_000);
      const problem = rnd.next() < 0.15 ? `${rnd.pick(PROBLEMS)}, ${rnd.pick(PROBLEMS)}` : rnd.pick(PROBLEMS);
      const answers = answersFor(scouting.fields, {
        problem,
        severity: String(SEVERITY_SCALE_MIN + Math.floor(rnd.next() * SEVERITY_LEVELS.length)),
        number: String(1 + Math.floor(rnd.next() * 12)),
        textarea: rnd.pick(NOTES),
      });
      const w = await recordSubmission({ db: trx }, caller, {
        templateId: scouting.templateId, submittedBy: ctx.userId, observedAt: at, answers, severity: severityOf(answers),
      }, placeOf(rnd.pick(boxIds)), 'box');
      responseIds.push(w.responseId);
      // Older problems are more often dealt with: resolved a few days after they were seen.
      if (daysAgo > 10 && rnd.next() < 0.55) {
        const resolvedAt = new Date(at.getTime() + (2 + Math.floor(rnd.next() * 5)) * DAY);
        for (const observationId of w.observationIds) {
          await trx.updateTable('problem_observations')
            .set({ status: 'resolved', status_changed_at: resolvedAt, status_changed_by: ctx.userId })
            .where('observation_id', '=', observationId)
            .execute();
          await trx.insertInto('observation_actions')
            .values({ company_id: ctx.companyId, observation_id: observationId, action: 'resolve', user_id: ctx.userId, acted_at: resolvedAt })
            .execute();
        }
      }
    }

    // One trap every ~25 boxes, read weekly for six weeks.
    const trapBoxes = boxIds.filter((_id, i) => i % 25 === 3).slice(0, 8);
    for (const boxId of trapBoxes) {
      for (let week = 5; week >= 0; week--) {
        const at = new Date(now - week * 7 * DAY - 9 * 3_600_000);
        const answers = traps.fields
          .filter((f) => f.is_active && f.field_type === 'sticky-trap-count')
          .map((f) => ({ field: f, inputData: String(Math.floor(rnd.next() * (f.is_required ? 40 : 10))) }))
          .concat(traps.fields.filter((f) => f.is_active && f.field_type === 'select' && f.options.length).map((f) => ({ field: f, inputData: f.options[0]! })));
        await recordSubmission({ db: trx }, caller, { templateId: traps.templateId, submittedBy: ctx.userId, observedAt: at, answers, severity: null }, placeOf(boxId), 'box');
      }
    }

    for (const [i, text] of COMMENTS.entries()) {
      const responseId = responseIds[i * 7]!;
      await trx.insertInto('comments').values({ company_id: ctx.companyId, response_id: responseId, user_id: ctx.userId, comment_text: text }).execute();
    }
    await writeAudit(trx, {
      companyId: ctx.companyId, userId: ctx.userId, action: 'demo.scouting_seeded', entityType: 'company', entityId: ctx.companyId,
      after: { responses: responseIds.length, trap_boxes: trapBoxes.length, comments: COMMENTS.length },
    });
  });
}
