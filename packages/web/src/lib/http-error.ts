/**
 * What a request and its failure look like (axios' shape: `response` with `status` and `data` when the server
 * answered, `code` 'ERR_NETWORK' when nothing came back). Here, below api/, so the offline layer can tell a lost
 * connection from a refusal without importing the API client (docs/web-guide.md: offline imports nothing from api).
 */

export type QueryParams = Record<string, unknown>;

export interface RequestConfig {
  url?: string;
  method?: string;
  params?: QueryParams;
  /** A plain object or array travels as JSON; FormData, URLSearchParams, Blob and text as they are. */
  data?: unknown;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob' | 'text';
  /** Milliseconds; 0 or absent waits as long as the connection does (spec-1 §9). */
  timeout?: number;
  signal?: AbortSignal;
  /** Set on the repeat of a request the failure hook already retried once. */
  retried?: boolean;
  /**
   * A blob answer read as it streams: bytes so far, the total when the server said it (else null), and the answer's
   * headers with the chunk just read (null on the first call), for callers that measure progress in their own units.
   */
  onDownloadProgress?: (received: number, total: number | null, read: { headers: Headers; chunk: Uint8Array | null }) => void;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  headers: Headers;
  config: RequestConfig;
}

export type HttpErrorCode = 'ERR_NETWORK' | 'ERR_CANCELED' | 'ECONNABORTED' | 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE';

export class HttpError extends Error {
  readonly code: HttpErrorCode;
  readonly config: RequestConfig;
  /** The server's answer; absent when none came (no connection, cancelled, timed out). */
  readonly response?: HttpResponse;
  constructor(message: string, code: HttpErrorCode, config: RequestConfig, response?: HttpResponse, cause?: unknown) {
    super(message, { cause });
    this.name = 'HttpError';
    this.code = code;
    this.config = config;
    this.response = response;
  }
}

export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}
