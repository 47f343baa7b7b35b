import type { ErrorCode } from '#shared/messages.ts';
import { ERROR_STATUS } from './error-status.ts';

/**
 * An error a service throws on purpose. The error handler turns it into the API's JSON error in
 * the request's language; anything else is a 500 whose details stay in the log. Its status is
 * the code's (`ERROR_STATUS`, http/error-status.ts): one owner, so an answer's status is always
 * the one the OpenAPI document lists the code under.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    /** field path → a `fields.*` rule key or ready text */
    readonly fields?: Record<string, string>,
    /** More of the answer beside `code` and `message`, e.g. a 409's `current` state of the item. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const unauthorized = () => new AppError('UNAUTHORIZED');
export const forbidden = () => new AppError('FORBIDDEN');
export const conflict = (code: ErrorCode = 'CONFLICT') => new AppError(code);
