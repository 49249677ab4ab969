/**
 * The app's HTTP client: a small `fetch` wrapper with what the app used of axios (base URL, query
 * params, JSON / FormData / urlencoded bodies, headers, timeout, abort, blob answers, a hook before
 * each request and one on failure) at a fraction of its size on the first screen (issue 10).
 * Failures keep axios' shape and texts — `response` with `status` and `data` when the server
 * answered, `code` 'ERR_NETWORK' and "Network Error" when nothing came back — which the error
 * mapping (api-error.ts), the offline detection (offline/network.ts) and the screens rely on.
 */

import { HttpError, isHttpError, type HttpResponse, type QueryParams, type RequestConfig } from '../lib/http-error';

export { HttpError, isHttpError, type HttpErrorCode, type HttpResponse, type QueryParams, type RequestConfig } from '../lib/http-error';

export interface HttpClient {
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
}

export interface HttpClientOptions {
  baseURL: string;
  timeout?: number;
  /** The transport; tests inject network faults here. Default: the global `fetch`. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Runs before each request (e.g. adds the bearer token). */
  beforeRequest?: (config: RequestConfig) => RequestConfig;
  /** Runs on each failure: rethrow it or answer instead (e.g. after renewing the session). */
  onError?: (error: HttpError, client: HttpClient) => Promise<HttpResponse>;
}

function paramText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `a=1&list=x&list=y`: null and undefined are left out, a list repeats its key (the server reads either). */
export function queryString(params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, paramText(item));
    else search.append(key, paramText(value));
  }
  return search.toString();
}

function joinUrl(baseURL: string, url = ''): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  if (!url) return baseURL;
  return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** Resolved against the page, as a browser request is (fetch outside a page needs it absolute). */
function absolute(url: string): string {
  const base = typeof location !== 'undefined' ? location.href : undefined;
  return base ? new URL(url, base).href : url;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name.toLowerCase());
}

function encodeBody(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  if (data instanceof URLSearchParams) {
    if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=utf-8';
    return data;
  }
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data;
  if (typeof data === 'string') return data;
  if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

/** A blob read chunk by chunk, telling `progress` how far it is (a long download, such as the labelled export). */
async function readBlobWithProgress(res: Response, progress: NonNullable<RequestConfig['onDownloadProgress']>): Promise<Blob> {
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  progress(0, total, { headers: res.headers, chunk: null });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    progress(received, total, { headers: res.headers, chunk: value });
  }
  return new Blob(chunks, { type: res.headers.get('content-type') ?? '' });
}

async function readBody(res: Response, config: RequestConfig): Promise<unknown> {
  const responseType = config.responseType;
  if (responseType === 'blob' && config.onDownloadProgress && res.ok) return readBlobWithProgress(res, config.onDownloadProgress);
  if (responseType === 'blob') return res.blob();
  const text = await res.text();
  if (responseType === 'text' || !text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const send = async (given: RequestConfig): Promise<HttpResponse> => {
    const config = options.beforeRequest ? options.beforeRequest({ ...given }) : { ...given };
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...config.headers };
    const body = encodeBody(config.data, headers);
    const query = queryString(config.params);
    const url = absolute(joinUrl(options.baseURL, config.url) + (query ? `?${query}` : ''));

    const timeout = config.timeout ?? options.timeout ?? 0;
    const controller = new AbortController();
    let timedOut = false;
    const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
    const cancel = () => controller.abort();
    config.signal?.addEventListener('abort', cancel);
    if (config.signal?.aborted) controller.abort();

    let res: Response;
    let data: unknown;
    try {
      const doFetch = options.fetch ?? ((u: string, init: RequestInit) => fetch(u, init));
      res = await doFetch(url, { method: (config.method ?? 'GET').toUpperCase(), headers, body, signal: controller.signal });
      data = await readBody(res, config);
    } catch (err) {
      if (timedOut) throw new HttpError(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED', config, undefined, err);
      if (controller.signal.aborted) throw new HttpError('canceled', 'ERR_CANCELED', config, undefined, err);
      throw new HttpError('Network Error', 'ERR_NETWORK', config, undefined, err);
    } finally {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', cancel);
    }

    const response: HttpResponse = { data, status: res.status, headers: res.headers, config };
    if (res.status >= 200 && res.status < 300) return response;
    const code = res.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST';
    throw new HttpError(`Request failed with status code ${res.status}`, code, config, response);
  };

  const client: HttpClient = {
    async request<T>(config: RequestConfig) {
      try {
        return (await send(config)) as HttpResponse<T>;
      } catch (err) {
        if (!options.onError || !isHttpError(err)) throw err;
        return (await options.onError(err, client)) as HttpResponse<T>;
      }
    },
    get: (url, config) => client.request({ ...config, url, method: 'GET' }),
    post: (url, data, config) => client.request({ ...config, url, method: 'POST', data }),
  };
  return client;
}
