import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createHttpClient } from '../http-client';
import {
  getCompanyGridOrder,
  getCompanyOfflineMode,
  setCompanyGridOrder,
  setCompanyLanguage,
  setGridOpacity,
  updateStickytrapRender,
} from '../company-settings';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('setCompanyGridOrder', () => {
  it('returns (does not throw) an error object for each missing argument', async () => {
    await expect(setCompanyGridOrder(undefined, ['rooms'])).resolves.toEqual({
      status: 'error',
      message: 'Required parameter missing: companyID.',
    });
    await expect(setCompanyGridOrder(3, undefined)).resolves.toEqual({
      status: 'error',
      message: 'Required parameter missing: gridOrder.',
    });
    await expect(setCompanyGridOrder(3, ['rooms'], null)).resolves.toEqual({
      status: 'error',
      message: 'Required parameter missing: axiosPrivate.',
    });
  });

  it('sends grid_order as multipart with company_id in the query and returns the data', async () => {
    let received: { company?: string | null; order?: FormDataEntryValue | null; type?: string | null } = {};
    server.use(
      http.post(`${API}/set_company_grid_order`, async ({ request }) => {
        const form = await request.formData();
        received = {
          company: new URL(request.url).searchParams.get('company_id'),
          order: form.get('grid_order'),
          type: request.headers.get('content-type'),
        };
        return HttpResponse.json({ status: 'success', message: 'Settings saved.', grid_order: ['rooms', 'tasks'] });
      }),
    );
    const res = await setCompanyGridOrder(3, ['rooms', 'tasks']);
    expect(res).toEqual({ status: 'success', message: 'Settings saved.', grid_order: ['rooms', 'tasks'] });
    expect(received.company).toBe('3');
    expect(JSON.parse(String(received.order))).toEqual(['rooms', 'tasks']);
    expect(received.type).toMatch(/^multipart\/form-data/);
  });

  it("returns the server's message, or the fallback text, on failure", async () => {
    server.use(
      http.post(`${API}/set_company_grid_order`, () =>
        HttpResponse.json({ status: 'error', message: 'grid_order: must not list a tile twice', error: 'bad_request' }, { status: 400 }),
      ),
    );
    await expect(setCompanyGridOrder(3, ['rooms', 'rooms'], createHttpClient({ baseURL: API }))).resolves.toEqual({
      status: 'error',
      message: 'grid_order: must not list a tile twice',
    });

    server.use(http.post(`${API}/set_company_grid_order`, () => new HttpResponse(null, { status: 502 })));
    await expect(setCompanyGridOrder(3, ['rooms'], createHttpClient({ baseURL: API }))).resolves.toEqual({
      status: 'error',
      message: 'Failed to set company grid order.',
    });
  });
});

describe('reads that need a company', () => {
  it("grid order read throws 'Missing companyID'", async () => {
    await expect(getCompanyGridOrder(null)).rejects.toThrow(/^Missing companyID$/);
  });

  it("offline mode read throws 'Missing required parameter: companyID'", async () => {
    await expect(getCompanyOfflineMode(undefined)).rejects.toThrow(/^Missing required parameter: companyID$/);
  });

  it("offline mode errors are rethrown as 'getCompanyOfflineMode Error: <server message>'", async () => {
    server.use(
      http.get(`${API}/get_company_offline_mode`, () =>
        HttpResponse.json({ status: 'error', message: 'Not your company', error: 'forbidden' }, { status: 404 }),
      ),
    );
    await expect(getCompanyOfflineMode(3)).rejects.toThrow(/^getCompanyOfflineMode Error: Not your company$/);

    server.use(http.get(`${API}/get_company_offline_mode`, () => HttpResponse.error()));
    await expect(getCompanyOfflineMode(3)).rejects.toThrow(/^getCompanyOfflineMode Error: Network Error$/);
  });

  it('offline mode read answers the value', async () => {
    server.use(http.get(`${API}/get_company_offline_mode`, () => HttpResponse.json({ status: 'success', offline_mode: 1 })));
    await expect(getCompanyOfflineMode(3)).resolves.toBe(1);
  });
});

describe('setGridOpacity', () => {
  it('does nothing but log when an argument is missing', async () => {
    const calls = vi.fn();
    server.use(http.post(`${API}/set_grid_opacity`, () => (calls(), HttpResponse.json({}))));
    await expect(setGridOpacity(undefined, 0.5)).resolves.toBeUndefined();
    await expect(setGridOpacity(3, undefined)).resolves.toBeUndefined();
    expect(calls).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledTimes(2);
  });

  it('sends company_id and grid_opacity in the query with no body', async () => {
    let seen: { query: string; body: string } = { query: '', body: 'x' };
    server.use(
      http.post(`${API}/set_grid_opacity`, async ({ request }) => {
        seen = { query: new URL(request.url).search, body: await request.text() };
        return HttpResponse.json({ status: 'success', message: 'Settings saved.', grid_opacity: 0.4 });
      }),
    );
    await expect(setGridOpacity(3, 0.4)).resolves.toMatchObject({ grid_opacity: 0.4 });
    expect(seen).toEqual({ query: '?company_id=3&grid_opacity=0.4', body: '' });
  });

  it('logs and rethrows a failure', async () => {
    server.use(
      http.post(`${API}/set_grid_opacity`, () =>
        HttpResponse.json({ status: 'error', message: 'grid_opacity: must be a number between 0.1 and 1', error: 'bad_request' }, { status: 400 }),
      ),
    );
    await expect(setGridOpacity(3, 5)).rejects.toThrow('grid_opacity: must be a number between 0.1 and 1');
    expect(console.error).toHaveBeenCalled();
  });
});

describe('language and sticky-trap rules', () => {
  it('language needs a company and a language', async () => {
    await expect(setCompanyLanguage(null, 'es')).rejects.toThrow('company_id is required.');
    await expect(setCompanyLanguage(3, null)).rejects.toThrow('language is required.');
  });

  it('sticky-trap render must differ from the current value', async () => {
    await expect(updateStickytrapRender(3, 1, 1)).rejects.toThrow(
      'Please update values that are different from your current settings.',
    );
  });
});
