import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { createAppRoutes } from '../router';

const template = { TemplateID: 7, TemplateName: 'Weekly scout' };
const urls: Record<string, string> = {};
for (const [name, value] of Object.entries(paths)) {
  if (typeof value === 'string') urls[name] = value;
}
Object.assign(urls, {
  room: paths.room(11),
  unresolvedRoom: paths.unresolvedRoom(11),
  gridForm: paths.gridForm(),
  gridFormFromTemplate: paths.gridForm(4),
  roomTemplates: paths.roomTemplates('SubGrid'),
  plantProblem: paths.plantProblem(5),
  formTemplate: paths.formTemplate(template),
  submitForm: paths.submitForm(template, 1201),
  batch: paths.batch(9),
  batchLabels: paths.batchLabels([9, 10]),
  place: paths.place('box', 12),
  labels: paths.labels({ gridId: 3 }),
  report: paths.report(4),
  reportFrom: paths.reportFrom(4),
  reportOf: paths.reportOf('crop_balance', { crop_id: 2 }),
  cropWalkPlant: paths.cropWalkPlant(3, 8),
  automatedcameradetail: paths.automatedcameradetail(3),
  scanAt: paths.scanAt({ roomId: 1, gridId: 2, boxId: 3 }),
});

describe('paths', () => {
  it('has a URL for every builder', () => {
    const builders = Object.entries(paths).filter(([, v]) => typeof v === 'function').map(([k]) => k);
    expect(builders.filter((name) => !(name in urls))).toEqual([]);
  });

  it.each(Object.entries(urls))('%s (%s) reaches a page, not the catch-all', (_name, url) => {
    const matches = matchRoutes(createAppRoutes(), url.split('?')[0]!);
    expect(matches?.at(-1)?.route.path).not.toBe('*');
  });

  it('keeps template names readable and safe in the URL', () => {
    expect(paths.formTemplate({ TemplateID: 3, TemplateName: 'A/B test' })).toBe('/dashboard/formbuilder/3/A%2FB%20test');
    expect(paths.submitForm({ TemplateID: 3, TemplateName: 'x' }, 12)).toBe('/dashboard/formbuilder/submit/3/x?GridBoxID=12');
  });
});
