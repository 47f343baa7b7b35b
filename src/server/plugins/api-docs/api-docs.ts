import { readFile } from 'node:fs/promises';
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransformObject,
  jsonSchemaTransform,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode } from '#shared/messages.ts';
import { AUTH_OPERATIONS, type AuthOperation } from '#server/features/account/auth-operations.ts';
import { ERROR_STATUS } from '#server/http/error-status.ts';
import { fileResponse } from '#server/http/file-response.ts';
import { requireAdmin, signedInFirst } from '#server/http/guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The error codes this route answers beyond those every route of its kind can (validation,
     * sign-in, rate limits: see `routeErrors`), for its OpenAPI error responses.
     */
    errors?: readonly ErrorCode[];
  }
  interface FastifyInstance {
    /** Every route as registered (method, URL, schema): the OpenAPI test walks it. */
    routeTable: RouteOptions[];
  }
}

/** The better-auth catch-all: documented endpoint by endpoint from AUTH_OPERATIONS instead. */
export const AUTH_CATCH_ALL = '/api/auth/*';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

type Codes = Map<number, Set<string>>;
/** A code goes under its one status, `ERROR_STATUS` (http/error-status.ts); never written here. */
const add = (codes: Codes, code: ErrorCode) => {
  const status = ERROR_STATUS[code];
  codes.set(status, (codes.get(status) ?? new Set()).add(code));
};

const hooksOf = (route: RouteOptions) =>
  [route.onRequest, route.preHandler].flat().filter((h): h is NonNullable<typeof h> => !!h);

/** The areas whose every route needs a session (their scopes' hooks are not in the route's options). */
const SIGNED_IN_AREAS = /^\/api\/(?:me|host|admin)(?:\/|$)/;

/**
 * The error codes a route can answer, by status (each code under its `ERROR_STATUS`): what every
 * route of its kind can — any route: 400 VALIDATION_ERROR (text PostgreSQL cannot store, in its
 * query string, path or body, http/unstorable-text.ts; its own schemas), 500 and 503; a path
 * parameter: 404 and 400 INVALID_URL (a segment that cannot be decoded); a state-changing method:
 * a body that does not parse (INVALID_JSON), is too large (413) or not JSON (415), and 403
 * CROSS_SITE_REQUEST; a signed-in route → 401, an admin route → 403; every API route but
 * `/api/health` → 429 — plus the codes the route declares in `config.errors`, the ones its
 * handler and the functions it calls throw.
 */
export function routeErrors(route: RouteOptions): Codes {
  const codes: Codes = new Map();
  const url = route.url;
  const methods = [route.method].flat();
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const hooks = hooksOf(route);
  const admin = url.startsWith('/api/admin/') || hooks.includes(requireAdmin);
  const signedIn =
    admin || SIGNED_IN_AREAS.test(url) || hooks.includes(signedInFirst as (typeof hooks)[number]);
  const writes = methods.some((m) => !SAFE.has(m));
  add(codes, 'VALIDATION_ERROR');
  if (writes) {
    add(codes, 'INVALID_JSON');
    add(codes, 'PAYLOAD_TOO_LARGE');
    add(codes, 'UNSUPPORTED_MEDIA_TYPE');
  }
  if (schema.params || url.includes(':') || url.endsWith('*')) {
    add(codes, 'NOT_FOUND');
    add(codes, 'INVALID_URL');
  }
  if (signedIn) add(codes, 'UNAUTHORIZED');
  if (admin) add(codes, 'FORBIDDEN');
  if (url.startsWith('/api/') && writes) add(codes, 'CROSS_SITE_REQUEST');
  if (url.startsWith('/api/') && !url.startsWith('/api/health')) add(codes, 'RATE_LIMITED');
  add(codes, 'INTERNAL_ERROR');
  add(codes, 'SERVICE_UNAVAILABLE');
  for (const code of route.config?.errors ?? []) add(codes, code);
  return codes;
}

/** `{ error: { code, message, fields } }` with the codes of one status. */
export const errorResponse = (status: number, codes: Iterable<string>) => ({
  description: `Error ${status}: \`{ error: { code, message, fields? } }\`, message in the request's language`,
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: [...codes].sort() },
        message: { type: 'string' },
        fields: {
          type: 'object',
          description: 'field path (`email`, `items.0.name`) → message',
          additionalProperties: { type: 'string' },
        },
      },
    },
  },
});

const toJson = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  > & { $schema?: string };

const withoutDialect = (schema: Record<string, unknown>) => {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
};

function errorResponses(codes: Codes) {
  return Object.fromEntries(
    [...codes].map(([status, set]) => {
      const { description, ...schema } = errorResponse(status, set);
      return [String(status), { description, content: { 'application/json': { schema } } }];
    }),
  );
}

/**
 * The error codes of one better-auth endpoint: what every one can (400 VALIDATION_ERROR from its
 * body or query rules or text PostgreSQL cannot store; on POST, a body that does not parse, is
 * over the mount's 64 KB or is not JSON (better-auth's 415), an Origin the server does not trust (403 ORIGIN_NOT_TRUSTED) or a
 * callback URL on another origin (403 FORBIDDEN); 429, 500, 503) plus its own `errors`.
 */
export function authOperationErrors(op: AuthOperation): Codes {
  const codes: Codes = new Map();
  add(codes, 'VALIDATION_ERROR');
  if (op.method === 'post') {
    add(codes, 'INVALID_JSON');
    add(codes, 'PAYLOAD_TOO_LARGE');
    add(codes, 'UNSUPPORTED_MEDIA_TYPE');
    add(codes, 'ORIGIN_NOT_TRUSTED');
    add(codes, 'FORBIDDEN');
  }
  add(codes, 'RATE_LIMITED');
  add(codes, 'INTERNAL_ERROR');
  add(codes, 'SERVICE_UNAVAILABLE');
  for (const code of op.errors) add(codes, code);
  return codes;
}

/** One better-auth endpoint as an OpenAPI operation. */
function authOperation(op: AuthOperation) {
  const codes = authOperationErrors(op);
  const query = op.query ? withoutDialect(toJson(op.query, 'input')) : null;
  const params = op.path.includes('{providerId}')
    ? [{ name: 'providerId', in: 'path', required: true, schema: { type: 'string' } }]
    : [];
  return {
    summary: op.summary,
    tags: ['accounts (better-auth)'],
    parameters: [
      ...params,
      ...Object.entries((query?.properties ?? {}) as Record<string, unknown>).map(
        ([name, schema]) => ({
          name,
          in: 'query',
          required: ((query?.required ?? []) as string[]).includes(name),
          schema,
        }),
      ),
    ],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: withoutDialect(toJson(op.body, 'input')) } },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(op.responses).map(([status, schema]) => [
          status,
          {
            description: status === '302' ? 'Redirect' : 'Success',
            ...(status === '302'
              ? {}
              : {
                  content: {
                    'application/json': { schema: withoutDialect(toJson(schema, 'output')) },
                  },
                }),
          },
        ]),
      ),
      ...errorResponses(codes),
    },
  };
}

const transformObject = createJsonSchemaTransformObject({});

const files = new URL('./', import.meta.url);
const read = (name: string) => readFile(new URL(name, files), 'utf8');

/** The page's own files: no third-party script, style or CDN (the strict CSP allows only 'self'). */
const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  const page = await read('page.html');
  const script = await read('docs.js');
  const style = await read('docs.css');
  const asFile = (description: string, type: string) => ({
    schema: {
      hide: false,
      tags: ['documentation'],
      response: { 200: fileResponse(description, [type]) },
    },
  });
  app.get(
    '/api/docs/json',
    {
      schema: {
        tags: ['documentation'],
        summary: 'This document (OpenAPI 3.1)',
        response: { 200: z.looseObject({ openapi: z.string() }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger() as unknown as { openapi: string };
    },
  );
  app.get('/api/docs', asFile('the browsable API reference', 'text/html'), async (_r, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );
  app.get('/api/docs/docs.js', asFile('its script', 'text/javascript'), async (_r, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  app.get('/api/docs/docs.css', asFile('its style sheet', 'text/css'), async (_r, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(style),
  );
};

/**
 * The OpenAPI 3.1 document at GET /api/docs/json, generated from every route's own zod schemas
 * (request, success answer) with its error answers (`routeErrors`), and better-auth's endpoints
 * from AUTH_OPERATIONS; a browsable page at /api/docs from our own origin. Registered before the
 * features, so it sees every route (decision 033).
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => void routes.push(route));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HourSpace API',
        version: '1',
        description:
          'Renting spaces in Saudi Arabia by the hour. Browsers use the session cookie; apps send `Authorization: Bearer <token>` with the token that sign-in answers in the `set-auth-token` header. Errors are `{ error: { code, message, fields? } }` in the language of `Accept-Language` (ar or en).',
      },
      servers: [{ url: app.deps.config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'the `set-auth-token` of sign-in',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'hs.session_token' },
        },
      },
      security: [{ bearer: [] }, { session: [] }, {}],
    },
    transform: (document) => {
      const { route, url } = document;
      if (url === AUTH_CATCH_ALL || !(url.startsWith('/api/') || url.startsWith('/media/')))
        return { schema: { hide: true }, url };
      const out = jsonSchemaTransform(document);
      // A route without a schema (only tests add one) still gets its error answers.
      const schema = (out.schema ?? {}) as Record<string, unknown>;
      const response = { ...((schema.response ?? {}) as Record<string, unknown>) };
      for (const [status, codes] of routeErrors(route))
        response[String(status)] ??= errorResponse(status, codes);
      return { ...out, schema: { ...schema, response } };
    },
    transformObject: (document) => {
      const object = transformObject(document) as {
        paths?: Record<string, Record<string, unknown>>;
      };
      const paths = { ...object.paths };
      for (const op of AUTH_OPERATIONS)
        paths[op.path] = { ...paths[op.path], [op.method]: authOperation(op) };
      return { ...object, paths } as ReturnType<typeof transformObject>;
    },
  });
  await app.register(docsRoutes);
});
