import { isHttpError } from './http-client';

/** A failed call: the server's `message` (or `error`) when it sent one, else the transport message. */
export class ApiError extends Error {
  readonly status?: number;
  readonly field?: string;
  /** True when the text is the server's own `message`/`error`. */
  readonly fromServer: boolean;
  constructor(
    message: string,
    options: { status?: number; field?: string; cause?: unknown; fromServer?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.field = options.field;
    this.fromServer = options.fromServer ?? false;
  }
}

/** The refresh call failed: the spec asks for a generic error. */
export class SessionRefreshError extends Error {
  constructor(cause?: unknown) {
    super('Your session could not be renewed. Please sign in again.', { cause });
    this.name = 'SessionRefreshError';
  }
}

function serverText(data: unknown): { message?: string; field?: string } {
  if (!data || typeof data !== 'object') return {};
  const d = data as Record<string, unknown>;
  const message = typeof d.message === 'string' && d.message ? d.message : typeof d.error === 'string' && d.error ? d.error : undefined;
  return { message, field: typeof d.field === 'string' ? d.field : undefined };
}

/** Turns anything a call can throw into an ApiError following the spec's rejection rule. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isHttpError(err)) {
    const { message, field } = serverText(err.response?.data);
    return new ApiError(message ?? err.message, {
      status: err.response?.status,
      field,
      cause: err,
      fromServer: message !== undefined,
    });
  }
  if (err instanceof Error) return new ApiError(err.message, { cause: err });
  return new ApiError(String(err));
}

/** The text to show for an error of any kind. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Rejects with the server's own text when it gave one, else with `fallback` (the spec's per-action message). */
export async function withFallback<T>(fallback: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = toApiError(err);
    throw e.fromServer ? e : new ApiError(fallback, { status: e.status, cause: err });
  }
}

/** A call whose failure the spec turns into null: logged under `name`, answered with null. */
export async function orNull<T>(name: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    console.error(`${name} failed:`, errorMessage(err));
    return null;
  }
}
