import { ERROR_STATUS, type ErrorCode } from '@verdant/contract';

/** The only error type services throw; the error handler turns it into `{status:'error', message, error}`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, field?: string) => new AppError('bad_request', message, field);
export const unauthorized = (message = 'Please sign in.') => new AppError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('forbidden', message);
export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found.`);
export const conflict = (message: string) => new AppError('conflict', message);
/**
 * A 409 for a change whose target moved on the server since the phone queued it: the header carries the value
 * the server holds now, so the outbox can show both and offer keep mine / keep theirs (issue 25).
 */
export const changedOnServer = (message: string, currentValue: string) =>
  new AppError('conflict', message, undefined, { 'verdant-current-value': encodeURIComponent(currentValue) });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('too_many_requests', message, undefined, { 'retry-after': String(retryAfterSeconds) });
