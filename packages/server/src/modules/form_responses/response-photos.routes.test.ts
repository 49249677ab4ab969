import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILE } from '../../test/zod-sample.js';
import { makeTemplate, scoutingPlace } from '../../test/fixtures/form-responses.test-kit.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { utcDate } from '@verdant/contract';

/**
 * Every read that answers where a photo was taken names each photo's image and thumbnail address
 * (box responses, one response, observations, a batch's responses), and those addresses answer only
 * the owning company, with long-lived private caching and an ETag.
 */
useTwoTenants();

let place: Awaited<ReturnType<typeof scoutingPlace>>;
let twoPhotos: Awaited<ReturnType<typeof makeTemplate>>;

const get = (path: string, headers: object, query: Record<string, string | number>, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api${path}`,
    headers: { ...(headers as Record<string, string>), ...extra },
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const post = (path: string, headers: object, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers: headers as Record<string, string>, payload: payload as never });
const photoForm = (fields: Record<string, string | number>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  fd.append('image', new Blob([SAMPLE_FILE.data], { type: 'image/png' }), 'leaf.png');
  return fd;
};
const keyOf = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('key')!;
const photoShape = (fieldName: string | null) => ({
  image_url: expect.stringMatching(/^\/api\/image\?key=company-\d+%2Fform-responses%2F[0-9a-f-]{36}\.webp$/),
  thumb_url: expect.stringMatching(/^\/api\/image\?key=company-\d+%2Fform-responses%2F[0-9a-f-]{36}-thumb\.webp$/),
  FieldName: fieldName,
});

let responseId: number;

beforeAll(async () => {
  place = await scoutingPlace(t.app, a);
  twoPhotos = await makeTemplate(t.app, a.companyId, 'Leaf check', 'scouting', [
    ['Problem', 'problem', [], true],
    ['Top', 'photo', [], false],
    ['Underside', 'photo', [], false],
  ]);
  const made = await post('/submit_form', a.regular.auth, {
    submittedBy: a.regular.user_id,
    GridBoxID: place.boxes[1],
    fieldResponses: [{ fieldID: twoPhotos.field.Problem, inputData: 'Aphids' }],
  });
  expect(made.statusCode, made.body).toBe(200);
  responseId = made.json().response_id;
  // Sent in the other order than the fields: the answer lists them in the template's field order.
  for (const field of ['Underside', 'Top']) {
    const res = await post('/submit_form_image', a.regular.auth, photoForm({ response_id: responseId, fieldID: twoPhotos.field[field]! }));
    expect(res.statusCode, res.body).toBe(200);
  }
});

describe('photo addresses in reads', () => {
  it('a box’s responses and one response list every photo with its thumbnail, in field order', async () => {
    const box = await get('/get_field_responses_by_gridbox', a.regular.auth, { GridBoxID: place.boxes[1]! });
    expect(box.statusCode, box.body).toBe(200);
    const listed = box.json().responses.find((r: { response_id: number }) => r.response_id === responseId);
    expect(listed.photos).toEqual([photoShape('Top'), photoShape('Underside')]);
    const top = listed.fieldResponses.find((f: { FieldName: string }) => f.FieldName === 'Top');
    expect(listed.photos[0].image_url).toBe(top.inputData);
    expect(keyOf(listed.photos[0].thumb_url)).toBe(keyOf(listed.photos[0].image_url).replace(/\.webp$/, '-thumb.webp'));

    const one = await get('/get_field_responses', a.regular.auth, { response_id: responseId });
    expect(one.json().response.photos).toEqual(listed.photos);
    const today = utcDate();
    const ranged = await get('/get_field_responses_by_gridbox_date/forms', a.regular.auth, { GridBoxID: place.boxes[1]!, start_date: today, end_date: today });
    expect(ranged.json().responses.find((r: { response_id: number }) => r.response_id === responseId).photos).toEqual(listed.photos);
  });

  it('a response without photos has none, and a photo-only response has its image', async () => {
    const plain = await post('/submit_form', a.regular.auth, {
      submittedBy: a.regular.user_id,
      GridBoxID: place.boxes[2],
      fieldResponses: [{ fieldID: twoPhotos.field.Problem, inputData: 'Thrips' }],
    });
    const read = await get('/get_field_responses', a.regular.auth, { response_id: plain.json().response_id });
    expect(read.json().response.photos).toEqual([]);

    const log = await makeTemplate(t.app, a.companyId, 'Photo log', 'scouting', [['Picture', 'photo', [], true]]);
    const photoOnly = await post('/submit_form_image', a.regular.auth, photoForm({ fieldID: log.field.Picture!, GridBoxID: place.boxes[2]! }));
    expect(photoOnly.statusCode, photoOnly.body).toBe(200);
    const only = await get('/get_field_responses', a.regular.auth, { response_id: photoOnly.json().response_id });
    expect(only.json().response.photos).toEqual([photoShape('Picture')]);
    expect(only.json().response.photos[0].thumb_url).toBe(photoOnly.json().thumb_url);
  });

  it('observations carry the photos of the response they came from', async () => {
    const res = await get('/get_problem_observations', a.regular.auth, { company_id: a.companyId });
    expect(res.statusCode, res.body).toBe(200);
    const aphids = res.json().observations.find((o: { ResponseID: number | null }) => o.ResponseID === responseId);
    expect(aphids.photos).toEqual([photoShape('Top'), photoShape('Underside')]);
    const without = res.json().observations.filter((o: { ResponseID: number | null }) => o.ResponseID !== responseId);
    expect(without.every((o: { photos: unknown[] }) => o.photos.length === 0)).toBe(true);
    expect((await get('/get_problem_observations', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });

  it('a batch’s form responses carry their photos', async () => {
    const batch = await makeBatch(t.app, a.companyId);
    await t.app.db.insertInto('gridbox_batches').values({ company_id: a.companyId, grid_box_id: place.boxes[1]!, batch_id: batch, linked_by: a.admin.user_id }).execute();
    const res = await get('/get_batch_form_responses', a.regular.auth, { batch_id: batch });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responses.find((r: { response_id: number }) => r.response_id === responseId).photos).toEqual([photoShape('Top'), photoShape('Underside')]);
    expect((await get('/get_batch_form_responses', b.regular.auth, { batch_id: batch })).statusCode).toBe(404);
  });
});

describe('GET /image for a photo', () => {
  it('answers the image and its thumbnail to the company, cached privately with an ETag, and 304 when unchanged', async () => {
    const one = await get('/get_field_responses', a.regular.auth, { response_id: responseId });
    const [photo] = one.json().response.photos;
    for (const url of [photo.image_url, photo.thumb_url]) {
      const res = await get('/image', a.regular.auth, { key: keyOf(url) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[0-9a-f-]{36}(-thumb)?"$/);
      expect(res.rawPayload.byteLength).toBeGreaterThan(0);
      const again = await get('/image', a.regular.auth, { key: keyOf(url) }, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.byteLength).toBe(0);
      const stale = await get('/image', a.regular.auth, { key: keyOf(url) }, { 'if-none-match': '"something-else"' });
      expect(stale.statusCode).toBe(200);
    }
    const thumb = await get('/image', a.regular.auth, { key: keyOf(photo.thumb_url) });
    const full = await get('/image', a.regular.auth, { key: keyOf(photo.image_url) });
    expect(thumb.headers.etag).not.toBe(full.headers.etag);
  });

  it('refuses another company’s key (404, even with its ETag) and a signed-out caller', async () => {
    const one = await get('/get_field_responses', a.regular.auth, { response_id: responseId });
    const [photo] = one.json().response.photos;
    const mine = await get('/image', a.regular.auth, { key: keyOf(photo.thumb_url) });
    for (const url of [photo.image_url, photo.thumb_url]) {
      expect((await get('/image', b.admin.auth, { key: keyOf(url) })).statusCode).toBe(404);
      expect((await get('/image', b.admin.auth, { key: keyOf(url) }, { 'if-none-match': String(mine.headers.etag) })).statusCode).toBe(404);
      expect((await get('/image', {}, { key: keyOf(url) })).statusCode).toBe(401);
    }
    expect((await get('/get_field_responses', b.regular.auth, { response_id: responseId })).statusCode).toBe(404);
  });
});
