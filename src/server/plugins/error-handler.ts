import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessage, fieldMessage, type ErrorCode } from '#shared/messages.ts';
import type { ApiError } from '#shared/schemas/api-error.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../http/app-error.ts';
import { ERROR_STATUS } from '../http/error-status.ts';
import { requestLocale } from '../http/locale.ts';

/** Status → code for errors that carry only a status (Fastify's own, plugins'). */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The API's JSON error for `code`, with the code's status (`ERROR_STATUS`: one owner). */
export function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  const status = ERROR_STATUS[code];
  const locale = requestLocale(request);
  const body: ApiError = { error: { ...extra, code, message: errorMessage(code, locale) } };
  if (fields && Object.keys(fields).length > 0) {
    body.error.fields = Object.fromEntries(
      Object.entries(fields).map(([path, message]) => [path, fieldMessage(message, locale)]),
    );
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** `/body/items/0/name` → `items.0.name` (the form field's name). */
function fieldPath(instancePath: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || '_';
}

/**
 * Every error becomes the API's JSON error. Nothing about a 5xx reaches the client beyond its
 * code; the log line carries the request id and the stack.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return sendApiError(request, reply, error.code, error.fields, error.extra);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const path = fieldPath(issue.instancePath);
          fields[path] ??= issue.message ?? 'fields.invalid';
        }
        return sendApiError(request, reply, 'VALIDATION_ERROR', fields);
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code: ErrorCode =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'INVALID_JSON'
            : (codeByStatus[status] ?? 'VALIDATION_ERROR');
        request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
        if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
        return sendApiError(request, reply, code);
      }
      if (isDatabaseUnavailable(error)) {
        // PostgreSQL restarting or out of reach: the pool reconnects by itself; the client retries.
        request.log.warn({ err: { message: error.message } }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendApiError(request, reply, 'SERVICE_UNAVAILABLE');
      }
      request.log.error({ err: error }, 'request failed');
      return sendApiError(
        request,
        reply,
        status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR',
      );
    });
  },
  { name: 'error-handler' },
);
