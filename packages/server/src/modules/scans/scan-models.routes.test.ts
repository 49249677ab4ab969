import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { tinyColourClassifier } from '../../test/fixtures/tiny-onnx.js';

const modelDir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-phone-models-'));
const model = tinyColourClassifier(16);
await fs.writeFile(path.join(modelDir, 'colours.onnx'), model);
await fs.writeFile(path.join(modelDir, 'colours.labels.txt'), 'powdery-mildew\nnitrogen-deficiency\nhealthy\n');
await fs.writeFile(path.join(modelDir, 'colours.json'), JSON.stringify({ mean: [0.5, 0.5, 0.5], std: [0.25, 0.25, 0.25] }));
// A file the server does not offer: no labels beside it.
await fs.writeFile(path.join(modelDir, 'unlabelled.onnx'), tinyColourClassifier(8));
afterAll(() => fs.rm(modelDir, { recursive: true, force: true }));

useTwoTenants({ aiModelDir: modelDir });
const kit = facilityKit(() => t.app);
const version = createHash('sha256').update(model).digest('hex').slice(0, 12);

describe('GET /get_ai_model_recipe', () => {
  it('gives an offered classifier as the phone prepares it: version, size, labels, input', async () => {
    const res = await kit.call('GET', '/get_ai_model_recipe', a.regular.auth, { company_id: a.companyId, name: 'colours' });
    expect(res.statusCode).toBe(200);
    expect(res.json().model).toEqual({
      name: 'colours',
      model_version: version,
      size_bytes: model.length,
      labels: ['powdery-mildew', 'nitrogen-deficiency', 'healthy'],
      input: { layout: 'nchw', width: 16, height: 16, mean: [0.5, 0.5, 0.5], std: [0.25, 0.25, 0.25] },
    });
  });

  it('is 404 for a built-in model, an unknown name and a file the server does not offer', async () => {
    for (const name of ['plantDiseaseRecognition', 'nope', 'unlabelled']) {
      const res = await kit.call('GET', '/get_ai_model_recipe', a.regular.auth, { company_id: a.companyId, name });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message).toBe(`No ONNX model named ${name} is offered by this server.`);
    }
  });

  it('names a bad model name (400) and refuses another company (403)', async () => {
    const bad = await kit.call('GET', '/get_ai_model_recipe', a.regular.auth, { company_id: a.companyId, name: '../colours' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^name/);
    expect((await kit.call('GET', '/get_ai_model_recipe', b.regular.auth, { company_id: a.companyId, name: 'colours' })).statusCode).toBe(403);
  });
});

describe('GET /download_ai_model', () => {
  it('sends the .onnx bytes with the version as ETag, and 304 to a phone that holds that version', async () => {
    const res = await kit.call('GET', '/download_ai_model', a.regular.auth, { company_id: a.companyId, name: 'colours' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers.etag).toBe(`"${version}"`);
    expect(Buffer.compare(res.rawPayload, Buffer.from(model))).toBe(0);
    const again = await kit.call('GET', '/download_ai_model', { ...a.regular.auth, 'if-none-match': `"${version}"` }, { company_id: a.companyId, name: 'colours' });
    expect(again.statusCode).toBe(304);
  });

  it('is 404 for what the server does not offer, 403 for another company, 401 without a session', async () => {
    for (const name of ['stickyTrapCounter', 'nope', 'unlabelled']) {
      expect((await kit.call('GET', '/download_ai_model', a.regular.auth, { company_id: a.companyId, name })).statusCode, name).toBe(404);
    }
    expect((await kit.call('GET', '/download_ai_model', b.admin.auth, { company_id: a.companyId, name: 'colours' })).statusCode).toBe(403);
    expect((await kit.call('GET', '/download_ai_model', {}, { company_id: a.companyId, name: 'colours' })).statusCode).toBe(401);
  });
});
