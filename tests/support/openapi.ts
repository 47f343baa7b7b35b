import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_OPERATIONS } from '#server/features/account/auth-operations.ts';
import { AUTH_CATCH_ALL } from '#server/plugins/api-docs/api-docs.ts';

/** The generated OpenAPI document (GET /api/docs/json), typed as far as the tests read it. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { content?: Record<string, { schema: Record<string, unknown> }> }
        >;
      }
    >
  >;
  components?: { schemas?: Record<string, unknown> };
}

/** `/api/spaces/:id` (Fastify) → `/api/spaces/{id}` (OpenAPI); `/media/*` → `/media/{*}`. */
export const openApiPath = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** The error codes the document lists for an operation's status (its `error.code` enum), or null. */
export function documentedCodes(
  doc: OpenApiDocument,
  method: string,
  path: string,
  status: number,
): string[] | null {
  const schema = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.[
    'application/json'
  ]?.schema as
    { properties?: { error?: { properties?: { code?: { enum?: unknown } } } } } | undefined;
  const codes = schema?.properties?.error?.properties?.code?.enum;
  return Array.isArray(codes) ? (codes as string[]) : null;
}

/** The `error.code` of an error answer's body, or null when the body is not the error shape. */
export function errorCodeOf(body: unknown): string | null {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * An error answer whose code the document does not list for that operation and status, or whose
 * status it does not document: the problem, or null.
 */
export function codeProblem(
  doc: OpenApiDocument,
  method: string,
  path: string,
  status: number,
  code: string,
): string | null {
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) return `${method} ${path} is not in the document`;
  if (!op.responses[String(status)])
    return `${method} ${path} answered ${status} ${code}, a status it does not document`;
  const codes = documentedCodes(doc, method, path, status);
  if (!codes)
    return `${method} ${path} answered ${status} ${code}, but lists no codes for ${status}`;
  if (!codes.includes(code))
    return `${method} ${path} answered ${status} ${code}, not among its documented codes (${codes.join(', ')})`;
  return null;
}

/**
 * Checks a real answer against the document: its status must be documented for the operation;
 * for JSON, its body must match that status's schema; and an error answer's `code` must be one
 * the document lists for that operation and status. Returns the problems (empty: fine).
 */
export function answerProblems(
  doc: OpenApiDocument,
  method: string,
  path: string,
  res: LightMyRequestResponse,
): string[] {
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) return [`${method} ${path} is not in the document`];
  const answer = op.responses[String(res.statusCode)];
  if (!answer) return [`${method} ${path} answered ${res.statusCode}, which it does not document`];
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json')) return [];
  const problems: string[] = [];
  const code = res.statusCode >= 400 ? errorCodeOf(res.json()) : null;
  if (code !== null) {
    const problem = codeProblem(doc, method, path, res.statusCode, code);
    if (problem) problems.push(problem);
  }
  const schema = answer.content?.['application/json']?.schema;
  if (!schema) return [...problems, `${method} ${path} ${res.statusCode}: no JSON schema`];
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
  const resolved = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'),
  ) as Record<string, unknown>;
  const validate = ajv.compile(resolved);
  if (validate(res.json())) return problems;
  return [
    ...problems,
    `${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)} — body ${res.body.slice(0, 300)}`,
  ];
}

const authPaths = AUTH_OPERATIONS.map((op) => ({
  method: op.method.toUpperCase(),
  path: op.path,
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

/**
 * Watches every answer an app gives (an `onSend` hook, added before the app is ready) and checks
 * each kind — operation, status, error code — against the app's own OpenAPI document: the status
 * must be documented for the operation and an error's `code` listed under it. `createTestApp`
 * does this for every API test, so every answer the API tests provoke is checked, not only the
 * ones a test compares by hand. better-auth's answers are checked per endpoint (its catch-all is
 * documented endpoint by endpoint); an endpoint that answers but is not documented is a problem.
 */
export function watchAnswers(app: FastifyInstance) {
  const seen = new Map<
    string,
    { method: string; path: string; status: number; code: string | null }
  >();
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    if (!url.startsWith('/api/') && !url.startsWith('/media/')) return payload;
    let path = openApiPath(url);
    if (url === AUTH_CATCH_ALL) {
      const pathname = request.url.split('?')[0] ?? '';
      const op = authPaths.find((a) => a.method === request.method && a.pattern.test(pathname));
      if (!op) {
        // A path better-auth does not have (random paths in the fuzz) is refused (404, or the
        // mount's own 4xx for its body); one that answers is an endpoint the document lacks.
        if (reply.statusCode >= 400) return payload;
        path = `${pathname.slice(0, 120)} (better-auth)`;
      } else path = op.path;
    }
    let code: string | null = null;
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode >= 400 && type.includes('json') && typeof payload === 'string') {
      try {
        code = errorCodeOf(JSON.parse(payload));
      } catch {
        code = null;
      }
    }
    const key = `${request.method} ${path} ${reply.statusCode} ${code ?? ''}`;
    if (!seen.has(key))
      seen.set(key, { method: request.method, path, status: reply.statusCode, code });
    return payload;
  });
  return {
    /** What the app answered that its document does not say (empty: everything matched). */
    problems(doc: OpenApiDocument): string[] {
      const problems: string[] = [];
      for (const { method, path, status, code } of seen.values()) {
        const op = doc.paths[path]?.[method.toLowerCase()];
        if (!op) problems.push(`${method} ${path} answered ${status} but is not in the document`);
        else if (code !== null) {
          const problem = codeProblem(doc, method, path, status, code);
          if (problem) problems.push(problem);
        } else if (!op.responses[String(status)])
          problems.push(`${method} ${path} answered ${status}, a status it does not document`);
      }
      return problems.sort();
    },
  };
}
