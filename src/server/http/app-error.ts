import type { ErrorCode } from '#shared/messages.ts';

/**
 * An error a service throws on purpose. The error handler turns it into the API's JSON error in
 * the request's language; anything else is a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    /** field path → a `fields.*` rule key or ready text */
    readonly fields?: Record<string, string>,
    /** More of the answer beside `code` and `message`, e.g. a 409's `current` state of the item. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const conflict = (code: ErrorCode = 'CONFLICT') => new AppError(409, code);
