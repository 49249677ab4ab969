import { expect, type Api, type Session } from './fixtures';

export interface ArrangedBox {
  id: number;
  X: number;
  Y: number;
}

/** The JSON of an API answer that must have succeeded (its body is the failure message otherwise). */
export async function okJson(res: { ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }) {
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** A new room with one nx × ny grid, made through the API as `as`: its id and the grid's boxes. */
export async function roomWithGrid(api: Api, as: Session, room: string, grid: { name: string; nx: number; ny: number }) {
  const headers = { authorization: `Bearer ${as.access_token}` };
  const companyId = as.user.company_id;
  const made = (await okJson(
    await api.request.post(`/api/create_room?company_id=${companyId}`, { headers, multipart: { name: room, description: '' } }),
  )) as { room: { RoomID: number } };
  const roomId = made.room.RoomID;
  await okJson(
    await api.request.post('/api/Create_grid', { headers, data: { nx: grid.nx, ny: grid.ny, ngrid_name: grid.name, ncompany_id: companyId, nroom_id: roomId } }),
  );
  const tree = await api.get<{ rooms: Array<{ grids: Array<{ grid_boxes: ArrangedBox[] }> }> }>(
    as,
    `/api/load_room_grids_boxes?company_id=${companyId}&room_id=${roomId}`,
  );
  return { headers, companyId, roomId, boxes: tree.rooms[0]!.grids[0]!.grid_boxes };
}

/**
 * A scout's finding through the API: a new form with one problem field (`form` names it), submitted
 * once for every box given, with `problem` as the answer. Answers the form's id.
 */
export async function problemInBoxes(api: Api, as: Session, form: string, boxes: readonly ArrangedBox[], problem: string) {
  const headers = { authorization: `Bearer ${as.access_token}` };
  const companyId = as.user.company_id;
  const saved = (await okJson(
    await api.request.post('/api/save_form_template', {
      headers,
      data: { templateName: form, companyID: companyId, fields: [{ fieldName: 'Problem', fieldType: 'problem', isRequired: 1 }] },
    }),
  )) as { template: { TemplateID: number } };
  const templateId = saved.template.TemplateID;
  const { templates } = await api.get<{ templates: Array<{ fields: Array<{ FieldID: number; FieldType: string }> }> }>(
    as,
    `/api/get_form_templates?company_id=${companyId}&template_id=${templateId}`,
  );
  const problemField = templates[0]!.fields.find((f) => f.FieldType === 'problem')!;
  await okJson(
    await api.request.post('/api/submit_form_boxes', {
      headers,
      data: {
        submittedBy: as.user.user_id,
        templateID: templateId,
        GridBoxIDs: boxes.map((b) => String(b.id)),
        fieldResponses: [{ fieldID: problemField.FieldID, inputData: problem }],
      },
    }),
  );
  return templateId;
}
