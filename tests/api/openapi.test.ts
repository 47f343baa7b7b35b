import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_OPERATIONS } from '#server/features/account/auth-operations.ts';
import { ERROR_STATUS } from '#server/http/error-status.ts';
import { AUTH_CATCH_ALL } from '#server/plugins/api-docs/api-docs.ts';
import { ERROR_CODES, errorMessage } from '#shared/messages.ts';
import { isSignedInPath } from '#web/lib/session/signed-in-paths.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import {
  answerProblems,
  codeProblem,
  documentedCodes,
  openApiPath,
  type OpenApiDocument,
} from '../support/openapi.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The API description (issue 21): GET /api/docs/json is a valid OpenAPI 3.1 document, generated
 * from the routes' own schemas; every route Fastify registered is in it with a success answer's
 * schema and its error answers; real answers match it; /api/docs is served from our origin.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await t.close();
  });

  it('validates as OpenAPI 3.1 (@seriousme/openapi-schema-validator)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every registered route, each with a success schema and its error answers', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of t.app.routeTable) {
      const url = route.url;
      if (!url.startsWith('/api/') && !url.startsWith('/media/')) continue; // the web app's pages
      if (url === AUTH_CATCH_ALL) continue; // documented endpoint by endpoint, below
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      if (!Object.keys(response).some((status) => /^2\d\d$/.test(status)))
        problems.push(`${url}: no success response schema (schema.response[2xx])`);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        checked += 1;
        const op = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
        if (!op) {
          problems.push(`${method} ${url}: not in the document`);
          continue;
        }
        const statuses = Object.keys(op.responses);
        if (!statuses.some((s) => /^2\d\d$/.test(s))) problems.push(`${method} ${url}: no 2xx`);
        if (!statuses.includes('500')) problems.push(`${method} ${url}: no error answers`);
      }
    }
    for (const op of AUTH_OPERATIONS) {
      const documented = doc.paths[op.path]?.[op.method];
      if (!documented) problems.push(`${op.method} ${op.path}: not in the document`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it("answers 401 signed out on every path the web app's session ends with", () => {
    // src/web/lib/session/signed-in-paths.ts: while a page ends the session, the browser asks
    // none of these (each would meet a 401). A public route in such a namespace would be refused
    // too: the list and the routes must agree.
    const signedIn = Object.entries(doc.paths).filter(([path]) => isSignedInPath(path));
    const without401 = signedIn.flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => !('401' in op.responses))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(without401).toEqual([]);
    expect(signedIn.length).toBeGreaterThan(30);
  });

  it('describes errors with the codes the route can answer', () => {
    const errorCodes = (path: string, method: string, status: string) => {
      const schema = doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']
        ?.schema as { properties: { error: { properties: { code: { enum: string[] } } } } };
      return schema.properties.error.properties.code.enum;
    };
    expect(errorCodes('/api/bookings', 'post', '400')).toContain('VALIDATION_ERROR');
    expect(errorCodes('/api/bookings', 'post', '403')).toContain('CROSS_SITE_REQUEST');
    expect(errorCodes('/api/admin/spaces', 'get', '403')).toContain('FORBIDDEN');
    expect(errorCodes('/api/admin/spaces', 'get', '401')).toContain('UNAUTHORIZED');
    expect(errorCodes('/api/auth/sign-in/email', 'post', '429')).toContain('SIGNIN_RATE_LIMITED');
    expect(errorCodes('/api/auth/sign-in/email', 'post', '401')).toContain('INVALID_CREDENTIALS');
    expect(errorCodes('/api/translate', 'post', '409')).toContain('TRANSLATION_OFF');
    // Route-specific codes, each under the status ERROR_STATUS gives it.
    expect(errorCodes('/api/bookings', 'post', '409')).toEqual(
      expect.arrayContaining(['SPACE_PAUSED', 'TIME_BLOCKED', 'BOOKING_OVERLAP']),
    );
    expect(errorCodes('/api/bookings', 'post', '404')).toContain('NOT_FOUND');
    expect(errorCodes('/api/admin/bookings/{id}/confirm', 'post', '409')).toEqual(
      expect.arrayContaining([
        'BOOKING_ALREADY_DECIDED',
        'SPACE_ARCHIVED',
        'TIME_BLOCKED',
        'BOOKING_OVERLAP',
      ]),
    );
    expect(errorCodes('/api/spaces/{id}', 'get', '404')).toContain('SPACE_NOT_FOUND');
    expect(errorCodes('/api/uploads/images', 'post', '413')).toContain('IMAGE_TOO_LARGE');
    expect(errorCodes('/api/auth/phone/send-code', 'post', '429')).toEqual(
      expect.arrayContaining(['PHONE_CODE_TOO_SOON', 'PHONE_CODE_LIMIT', 'RATE_LIMITED']),
    );
    expect(errorCodes('/api/auth/sign-up', 'post', '409')).toEqual(
      expect.arrayContaining(['EMAIL_TAKEN', 'PHONE_TAKEN']),
    );
    // Every code listed in the document is under its one status.
    const misplaced: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const status of Object.keys(op.responses))
          for (const code of documentedCodes(doc, method, path, Number(status)) ?? [])
            if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== Number(status))
              misplaced.push(`${method} ${path}: ${code} under ${status}`);
    expect(misplaced).toEqual([]);
  });

  it('declares only codes that exist, each with a status and a text in both languages', () => {
    const declared = [
      ...t.app.routeTable.map((route) => ({
        where: `${[route.method].flat().join(',')} ${route.url}`,
        codes: (route.config?.errors ?? []) as readonly string[],
      })),
      ...AUTH_OPERATIONS.map((op) => ({ where: `${op.method} ${op.path}`, codes: op.errors })),
    ];
    const problems: string[] = [];
    for (const { where, codes } of declared)
      for (const code of codes) {
        if (!(ERROR_CODES as readonly string[]).includes(code))
          problems.push(`${where}: ${code} is not in ERROR_CODES`);
        else if (!Number.isInteger(ERROR_STATUS[code as keyof typeof ERROR_STATUS]))
          problems.push(`${where}: ${code} has no status in error-status.ts`);
        else
          for (const locale of ['ar', 'en'] as const)
            if (!errorMessage(code as (typeof ERROR_CODES)[number], locale))
              problems.push(`${where}: ${code} has no ${locale} text`);
      }
    expect(problems).toEqual([]);
    expect(declared.filter((d) => d.codes.length > 0).length).toBeGreaterThan(20);
  });

  it('fails a real error answer whose code the document does not list for its status', async () => {
    // A real 401 UNAUTHORIZED of GET /api/me, checked against a copy of the document whose 401
    // lists another code: the check must report it (and pass against the real document).
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(answerProblems(doc, 'GET', '/api/me', res)).toEqual([]);
    const altered = structuredClone(doc);
    const schema = altered.paths['/api/me']!.get!.responses['401']!.content!['application/json']!
      .schema as { properties: { error: { properties: { code: { enum: string[] } } } } };
    schema.properties.error.properties.code.enum = ['FORBIDDEN'];
    expect(answerProblems(altered, 'GET', '/api/me', res).join('\n')).toContain(
      'UNAUTHORIZED, not among its documented codes',
    );
    // A code under the wrong status, or a status the operation does not document.
    expect(codeProblem(doc, 'GET', '/api/me', 409, 'UNAUTHORIZED')).toContain('does not document');
    expect(codeProblem(doc, 'POST', '/api/bookings', 409, 'REVIEW_EXISTS')).toContain(
      'not among its documented codes',
    );
  });

  it('matches real answers: success and errors, signed out, renter and admin', async () => {
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'doc-host@example.test', password: 'Host#2026x' });
    await createUser(db, {
      email: 'doc-admin@example.test',
      password: 'Admin#2026x',
      roles: ['admin'],
    });
    const space = await createSpace(db, { hostId: host.id });
    await createSpace(db, { hostId: host.id, status: 'pending' });
    const hostCookie = await signInCookie(t, 'doc-host@example.test', 'Host#2026x');
    const adminCookie = await signInCookie(t, 'doc-admin@example.test', 'Admin#2026x');
    const calls: [string, string, string, Record<string, string>, object?][] = [
      ['GET', '/api/config', '/api/config', {}],
      ['GET', '/api/health', '/api/health', {}],
      ['GET', '/api/me', '/api/me', {}],
      ['GET', '/api/me', '/api/me', { cookie: hostCookie }],
      ['GET', '/api/me/spaces', '/api/me/spaces', { cookie: hostCookie }],
      ['GET', `/api/me/spaces/${space.id}`, '/api/me/spaces/{id}', { cookie: hostCookie }],
      ['GET', '/api/spaces', '/api/spaces', {}],
      ['GET', '/api/spaces?capacity=x', '/api/spaces', {}],
      ['GET', `/api/spaces/${space.id}`, '/api/spaces/{id}', {}],
      ['GET', '/api/admin/spaces', '/api/admin/spaces', { cookie: adminCookie }],
      ['GET', '/api/admin/spaces', '/api/admin/spaces', { cookie: hostCookie }],
      ['GET', '/api/admin/bookings', '/api/admin/bookings', { cookie: adminCookie }],
      ['GET', '/api/admin/audit', '/api/admin/audit', { cookie: adminCookie }],
      ['POST', '/api/bookings', '/api/bookings', { cookie: hostCookie }, {}],
      ['POST', '/api/bookings', '/api/bookings', { origin: 'https://evil.example' }, {}],
      [
        'POST',
        '/api/contact',
        '/api/contact',
        {},
        { name: 'S', email: 'a@b.co', message: 'Hello there' },
      ],
      [
        'POST',
        '/api/translate',
        '/api/translate',
        { cookie: hostCookie },
        { text: 'x', from: 'ar', to: 'en' },
      ],
      [
        'POST',
        '/api/auth/sign-in/email',
        '/api/auth/sign-in/email',
        { origin: t.config.publicUrl },
        { email: 'doc-host@example.test', password: 'Host#2026x' },
      ],
      [
        'POST',
        '/api/auth/sign-in/email',
        '/api/auth/sign-in/email',
        { origin: t.config.publicUrl },
        { email: 'doc-host@example.test', password: 'Wrong#2026x' },
      ],
    ];
    const problems: string[] = [];
    for (const [method, url, path, headers, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers,
        ...(payload ? { payload } : {}),
      });
      problems.push(...answerProblems(doc, method, path, res));
    }
    expect(problems).toEqual([]);
  });

  it('serves a browsable page from our own origin under the strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // Only same-origin files, no inline script or style.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.every((s) => s.startsWith('/'))).toBe(true);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/<style|style=/);
    for (const file of ['/api/docs/docs.js', '/api/docs/docs.css']) {
      const res = await t.app.inject({ method: 'GET', url: file });
      expect({ file, status: res.statusCode }).toEqual({ file, status: 200 });
    }
  });
});

/**
 * Answers are serialised from their response schemas (issue 21): in production a key the schema
 * does not name never leaves, whatever the handler returns.
 */
describe('serialised from the schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 's'.repeat(40),
        PUBLIC_URL: 'https://hourspace.example',
      },
      beforeReady(app) {
        app.get(
          '/api/test/person',
          { schema: { response: { 200: z.object({ id: z.string(), name: z.string() }) } } },
          async () => ({ id: 'u1', name: 'Sara', passwordHash: 'scrypt$secret', role: 'admin' }),
        );
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('drops what the schema does not name, in production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/person' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'u1', name: 'Sara' });
    expect(res.body).not.toContain('secret');
  });
});
