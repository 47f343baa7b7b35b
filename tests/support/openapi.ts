import { Ajv2020 } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';

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

/**
 * Checks a real answer against the document: its status must be documented for the operation
 * and, for JSON, its body must match that status's schema. Returns the problems (empty: fine).
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
  const schema = answer.content?.['application/json']?.schema;
  if (!schema) return [`${method} ${path} ${res.statusCode}: no JSON schema`];
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
  const resolved = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'),
  ) as Record<string, unknown>;
  const validate = ajv.compile(resolved);
  if (validate(res.json())) return [];
  return [
    `${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)} — body ${res.body.slice(0, 300)}`,
  ];
}
