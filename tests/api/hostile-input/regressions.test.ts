import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSafeAnswer, fingerprint, type FuzzWorld, type HostileRequest } from './hostile.ts';
import { createFuzzWorld } from './world.ts';

/**
 * The requests the fuzz found answering 500 (or leaking Fastify's own error), kept as fixed
 * cases so they stay fixed whatever the random seed.
 */
describe('hostile input: what the fuzz found', () => {
  let w: FuzzWorld;
  beforeAll(async () => {
    w = await createFuzzWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  async function send(
    who: HostileRequest['who'],
    method: string,
    url: string,
    payload?: string,
    contentType = 'application/json',
  ) {
    const req: HostileRequest = {
      method,
      url,
      who,
      remoteAddress: '10.200.0.1',
      headers: {
        origin: w.t.config.publicUrl,
        'accept-language': 'en',
        ...(who !== 'anonymous' ? { cookie: w.cookies[who] } : {}),
        ...(payload !== undefined ? { 'content-type': contentType } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    };
    const res = await w.t.app.inject({
      method: method as 'GET',
      url,
      headers: req.headers,
      remoteAddress: req.remoteAddress,
      ...(payload !== undefined ? { payload } : {}),
    });
    expectSafeAnswer(req, res, { mustFail: true });
    return { status: res.statusCode, code: (res.json() as { error: { code: string } }).error.code };
  }

  it('a path Fastify cannot decode → 400 INVALID_URL in our format (not Fastify’s echo)', async () => {
    expect(await send('anonymous', 'GET', '/api/spaces/%zz/availability?date=x')).toEqual({
      status: 400,
      code: 'INVALID_URL',
    });
  });

  it('deeply nested JSON in an auth body → 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    for (const path of [
      'phone/verify',
      'send-verification-email',
      'sign-in/email',
      'phone/send-code',
    ]) {
      const key = path.startsWith('phone') ? 'phone' : 'email';
      const res = await send('anonymous', 'POST', `/api/auth/${path}`, `{"${key}":${deep}}`);
      expect(res.status, path).toBe(400);
    }
  });

  it('a listing body that is not an object → 400 VALIDATION_ERROR', async () => {
    for (const body of ['null', '"x"', '7', '[]']) {
      expect(await send('host', 'POST', '/api/spaces', body)).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('a cut-off multipart upload → 400 INVALID_MULTIPART', async () => {
    expect(
      await send(
        'host',
        'POST',
        '/api/uploads/images',
        '{"file":"x"}',
        'multipart/form-data; boundary=x',
      ),
    ).toEqual({ status: 400, code: 'INVALID_MULTIPART' });
  });

  it('U+0000 in a search, a contact message or an admin’s reason → 400 VALIDATION_ERROR, no row', async () => {
    const before = await fingerprint(w.t);
    expect(await send('anonymous', 'GET', '/api/spaces?q=room%00')).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    const contact = { name: 'Sara\u0000', email: 'sara@example.test', message: 'Hello there' };
    expect(await send('anonymous', 'POST', '/api/contact', JSON.stringify(contact))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    const reject = JSON.stringify({ reason: 'bad\u0000photos' });
    expect(
      await send('admin', 'POST', `/api/admin/spaces/${w.ids.pendingSpace}/reject`, reject),
    ).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await fingerprint(w.t)).toEqual(before);
  });

  it('a lone surrogate in an admin’s reason or a contact message → 400 VALIDATION_ERROR, no row', async () => {
    // Found on PGlite: `{"reason":"\uda21…"}` reached the update, which failed with "invalid byte
    // sequence for encoding UTF8" (a 500).
    const before = await fingerprint(w.t);
    for (const url of [
      `/api/admin/spaces/${w.ids.pendingSpace}/reject`,
      '/api/admin/spaces/d0eec62c-15ab-38ad-8655-ecaca9aabc82/reject',
    ])
      expect(await send('admin', 'POST', url, '{"reason":"\u2066\\uda21x\\udc16 photos"}')).toEqual(
        {
          status: 400,
          code: 'VALIDATION_ERROR',
        },
      );
    const contact = '{"name":"Sara\\ud800","email":"sara@example.test","message":"Hello there"}';
    expect(await send('anonymous', 'POST', '/api/contact', contact)).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(await fingerprint(w.t)).toEqual(before);
  });
});
