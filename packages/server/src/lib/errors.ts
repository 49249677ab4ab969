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
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('too_many_requests', message, undefined, { 'retry-after': String(retryAfterSeconds) });
