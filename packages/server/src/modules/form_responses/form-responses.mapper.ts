import type { FormResponse } from '@verdant/contract';
import { imageUrl } from '../../lib/images/images.js';
import { photosOf } from '../../lib/images/response-photos.js';
import type { FieldAnswerRow, ResponseRow } from './form-responses.reads.repository.js';
import { fullName } from '../../lib/full-name.js';
import { iso } from '../../lib/iso.js';


export const toFieldResponse = (a: FieldAnswerRow) => ({
  field_response_id: a.field_response_id,
  fieldID: a.field_id,
  FieldName: a.field_name,
  FieldType: a.field_type,
  inputData: a.input_data,
});

export function toFormResponse(r: ResponseRow, answers: FieldAnswerRow[]): FormResponse {
  return {
    response_id: r.response_id,
    TemplateID: r.template_id,
    TemplateName: r.template_name,
    FormCategory: r.form_category,
    kind: r.kind,
    RoomID: r.room_id,
    GridID: r.grid_id,
    GridBoxID: r.grid_box_id,
    Sub_gridboxID: r.sub_gridbox_id,
    x: r.x,
    y: r.y,
    SubmittedBy: r.submitted_by,
    SubmittedByName: fullName(r.first_name, r.last_name),
    SubmittedAt: iso(r.submitted_at),
    ObservedAt: iso(r.observed_at),
    status: r.status,
    image_url: r.image_key ? imageUrl(r.image_key) : null,
    thumb_url: r.image_thumb ? imageUrl(r.image_thumb) : null,
    comment_count: Number(r.comment_count),
    fieldResponses: answers.map(toFieldResponse),
    photos: photosOf(r.image_key, r.image_thumb, answers),
  };
}

/** Rows and their answers (any order) → responses, each with its own answers. */
export function toFormResponses(rows: ResponseRow[], answers: FieldAnswerRow[]): FormResponse[] {
  const byResponse = new Map<number, FieldAnswerRow[]>();
  for (const a of answers) {
    const list = byResponse.get(a.response_id) ?? [];
    list.push(a);
    byResponse.set(a.response_id, list);
  }
  return rows.map((r) => toFormResponse(r, byResponse.get(r.response_id) ?? []));
}
