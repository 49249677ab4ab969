import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { okJson, roomWithGrid } from '../src/arrange';

// A cold reload offline needs the app's service worker (the default config blocks it for the other specs).
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Templates {
  templates: Array<{ TemplateID: number; TemplateName: string; fields: Array<{ FieldID: number; FieldType: string }> }>;
}


/**
 * What a scout meets in the field, made through the API: a room with a 4 × 2 grid, a form with a
 * problem question answered for box 1,1 (an open problem, in the company's own colour), and a batch
 * in that room.
 */
async function arrange(api: Api, admin: Session, tag: string) {
  const { headers, companyId, roomId, boxes: gridBoxes } = await roomWithGrid(api, admin, `Field room ${tag}`, { name: 'Bench F', nx: 4, ny: 2 });
  const box = gridBoxes.find((b) => b.X === 1 && b.Y === 1)!;

  const templateName = `Field check ${tag}`;
  const saved = (await okJson(
    await api.request.post('/api/save_form_template', {
      headers,
      data: { templateName, companyID: companyId, fields: [{ fieldName: 'Problem', fieldType: 'problem', isRequired: 1 }, { fieldName: 'Note', fieldType: 'text', isRequired: 0 }] },
    }),
  )) as { template: { TemplateID: number } };
  const templateId = saved.template.TemplateID;
  const template = (await api.get<Templates>(admin, `/api/get_form_templates?company_id=${companyId}&template_id=${templateId}`)).templates[0]!;
  const problemField = template.fields.find((f) => f.FieldType === 'problem')!;
  const problem = `Field thrips ${tag}`;
  await okJson(
    await api.request.post('/api/submit_form_boxes', {
      headers,
      data: { submittedBy: admin.user.user_id, templateID: templateId, GridBoxIDs: [String(box.id)], fieldResponses: [{ fieldID: problemField.FieldID, inputData: problem }] },
    }),
  );
  await okJson(
    await api.request.post(`/api/map_problem_color?company_id=${companyId}`, { headers, multipart: { problem, color: '#7c3aed', abbreviation: 'FT' } }),
  );

  const batch = (await okJson(
    await api.request.post('/api/create_batch', {
      headers,
      multipart: { company_id: String(companyId), BatchNumber: `CO-${tag}`, NumberOfPlants: '40', StrainName: 'Basil', BatchStatus: 'Vegetative', Color: '', PreBooks: '0', StartDate: '2026-11-01', EndDate: '' },
    }),
  )) as { batch: { BatchID: number } };
  await okJson(await api.request.post(`/api/link_room_batch?room_id=${roomId}&batch_id=${batch.batch.BatchID}`, { headers }));

  const library = await api.get<{ problems: Array<{ problem_id: number; name: string }> }>(admin, `/api/plant_problems/load_plant_problems?company_id=${companyId}`);
  return { roomId, box, templateId, templateName, problem, batchId: batch.batch.BatchID, batchNumber: `CO-${tag}`, libraryProblem: library.problems[0]! };
}

/**
 * The demo company's facility and batches beside it (the e2e server starts without the demo): its three rooms
 * and six grids (704 boxes, as setup/demo/facility-demo.ts lays them out) and eight batches in them.
 */
async function demoSized(api: Api, admin: Session, tag: string) {
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const companyId = admin.user.company_id;
  const layout: Array<[string, Array<[string, number, number]>]> = [
    ['Propagation', [['Propagation Bench 1', 6, 12], ['Propagation Bench 2', 6, 12]]],
    ['Flower Room A', [['Table A1', 10, 20], ['Table A2', 10, 20], ['Table A3', 8, 16]]],
    ['Mother Stock', [['Mothers', 4, 8]]],
  ];
  const roomIds: number[] = [];
  for (const [name, grids] of layout) {
    const made = (await okJson(
      await api.request.post(`/api/create_room?company_id=${companyId}`, { headers, multipart: { name: `${name} ${tag}`, description: '' } }),
    )) as { room: { RoomID: number } };
    roomIds.push(made.room.RoomID);
    for (const [gridName, nx, ny] of grids) {
      await okJson(await api.request.post('/api/Create_grid', { headers, data: { nx, ny, ngrid_name: gridName, ncompany_id: companyId, nroom_id: made.room.RoomID } }));
    }
  }
  for (let i = 0; i < 8; i++) {
    const batch = (await okJson(
      await api.request.post('/api/create_batch', {
        headers,
        multipart: { company_id: String(companyId), BatchNumber: `DM-${tag}-${i}`, NumberOfPlants: '50', StrainName: 'Basil', BatchStatus: 'Vegetative', Color: '', PreBooks: '0', StartDate: '2026-11-01', EndDate: '' },
      }),
    )) as { batch: { BatchID: number } };
    await okJson(await api.request.post(`/api/link_room_batch?room_id=${roomIds[i % 3]}&batch_id=${batch.batch.BatchID}`, { headers }));
  }
}

/** Console errors and requests that failed, once the connection is gone. */
function watchNoise(page: Page) {
  const noise: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') noise.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => noise.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    // A chunk preload cancelled because the page moved on (goto) is not a failed fetch.
    if (error === 'net::ERR_ABORTED' && new URL(req.url()).pathname.startsWith('/assets/')) return;
    noise.push(`failed: ${req.method()} ${req.url()} ${error}`);
  });
  return noise;
}

test('cold offline: signed in once online, a phone reloads offline and opens rooms, forms, library, batches and observations', async ({ page, context, api, server }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const s = await arrange(api, admin, tag);
  expect(s.libraryProblem, 'the plant-problem library has problems').toBeTruthy();
  await demoSized(api, admin, tag);

  // Every request the page sends to the API from sign-in until the phone is ready (issue 19: the fill reads in bulk).
  const apiRequests: string[] = [];
  const countApi = (req: { url(): string; method(): string }) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${req.method()} ${url.pathname}`);
  };
  page.on('request', countApi);
  // Bytes as the page got them (decoded), and the bulk answers' parts, for the README's figures.
  let apiBytes = 0;
  const parts: string[] = [];
  const sizeApi = async (res: import('@playwright/test').Response) => {
    const path = new URL(res.url()).pathname;
    if (!path.startsWith('/api/') || res.status() === 304) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    apiBytes += body.length;
    if (path.endsWith('_bundle')) {
      const json = JSON.parse(body.toString()) as { box_problems?: unknown[]; sub_boxes?: unknown[]; circles?: unknown[]; room_histories?: unknown[]; batches?: unknown[] };
      parts.push(`${path} circles ${json.circles?.length ?? '-'} box_problems ${json.box_problems?.length ?? '-'} sub_boxes ${json.sub_boxes?.length ?? '-'} batches ${json.batches?.length ?? '-'} room_histories ${json.room_histories?.length ?? '-'} bytes ${body.length}`);
    }
  };
  page.on('response', sizeApi);
  await signInThroughUi(page, server.admin.email, server.admin.password);
  // The account menu says when the phone holds everything.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  const readiness = page.getByTestId('offline-readiness').first();
  await expect(readiness).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(readiness.getByText(/^Ready for offline · updated (just now|1 minute ago)$/)).toBeVisible();
  page.off('request', countApi);
  page.off('response', sizeApi);
  // The demo company's facility (3 rooms, 704 boxes, 8 batches) and this spec's room: one bulk read per room and one
  // for the batches, not one per grid, box and batch screen (issue 19). The company also holds the rooms of specs run
  // before this one in a whole run (a handful), each one more request.
  console.info(`API requests from sign-in to ready: ${apiRequests.length}, ${apiBytes} bytes decoded\n${parts.join('\n')}`);
  const roomBundles = apiRequests.filter((r) => r.endsWith('/offline_room_bundle')).length;
  expect(roomBundles).toBeGreaterThanOrEqual(4);
  for (const single of ['/get_sub_gridboxes', '/get_unresolved_problems_for_grid_circles', '/get_unresolved_problems_for_gridbox', '/batch_qr_info', '/get_batch_dashboard']) {
    expect(apiRequests.filter((r) => r.includes(single)), single).toEqual([]);
  }
  // Rooms that other specs of a whole run left in this shared company cost one bundle each (no per-grid or per-box
  // read, checked above): the demo-sized facility is its 4 rooms, so only those count toward the goal.
  expect(apiRequests.length - (roomBundles - 4), apiRequests.join('\n')).toBeLessThan(60);

  // The service worker controls the page before the connection goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  const noise = watchNoise(page);

  // A cold reload of the room: the map with the problem in the company's colour.
  await page.goto(`/dashboard/rooms/${s.roomId}`);
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
  await expect(page.getByRole('application', { name: 'Bench F, 4 columns by 2 rows' })).toBeVisible();
  const legend = page.getByRole('list', { name: 'Problems in this room' });
  await expect(legend.getByText(s.problem)).toBeVisible();
  await expect(legend.getByText('FT', { exact: true })).toBeVisible();

  // The box's form, never opened online.
  await page.goto(`/dashboard/formbuilder/submit/${s.templateId}/${encodeURIComponent(s.templateName)}?GridBoxID=${s.box.id}`);
  await expect(page.getByRole('button', { name: /^Submit for box / })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Problem/ })).toBeVisible();

  // The library and one problem.
  await page.goto('/dashboard/plantsProblems');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(s.libraryProblem.name, { exact: true }).first()).toBeVisible();
  await page.goto(`/dashboard/plantsProblems/${s.libraryProblem.problem_id}`);
  await expect(page.getByRole('heading', { level: 1, name: s.libraryProblem.name })).toBeVisible();

  // Batches and the batch.
  await page.goto('/dashboard/batches');
  await expect(page.getByText(s.batchNumber).first()).toBeVisible();
  await page.goto(`/dashboard/batch-info/${s.batchId}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(s.batchNumber) })).toBeVisible();

  // Observations: the open problem recorded online.
  await page.goto('/dashboard/observations');
  await expect(page.getByText(s.problem).first()).toBeVisible();

  // The account menu knows who is signed in (not "?") and still says the phone is ready.
  await page.getByRole('button', { name: /Account menu for Admin|Account menu for \w+ \w+/ }).click();
  await expect(page.getByTestId('offline-readiness').first()).toHaveAttribute('data-state', 'ready');

  expect(noise, 'no console errors or failed requests offline').toEqual([]);
});
