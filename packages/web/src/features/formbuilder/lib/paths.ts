type Named = { TemplateID: number; TemplateName: string };

/** formbuilder/{templateID}/{templateName}: the name travels for readable links; the id decides. */
export const editorPath = (t: Named) => `/dashboard/formbuilder/${t.TemplateID}/${encodeURIComponent(t.TemplateName)}`;
/** formbuilder/submit/{templateID}/{templateName}. */
export const submitPath = (t: Named, gridBoxId?: number) =>
  `/dashboard/formbuilder/submit/${t.TemplateID}/${encodeURIComponent(t.TemplateName)}${gridBoxId ? `?GridBoxID=${gridBoxId}` : ''}`;
