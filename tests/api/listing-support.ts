import type { TestApp } from '../support/test-app.ts';
import { createUser, type NewUser } from '../fixtures/factories.ts';

const PASSWORD = 'Listing#2026hs';
let ip = 0;

/** A user with a password, signed in through better-auth: returns the user and its cookie. */
export async function signedInUser(t: TestApp, input: NewUser = {}) {
  const user = await createUser(t.deps.database.db, { ...input, password: PASSWORD });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: PASSWORD },
    remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const cookie = list.find((c) => c.startsWith('hs.session_token='));
  if (!cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { user, cookie: cookie.split(';')[0]! };
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(
  fileName: string,
  bytes: Buffer,
  contentType = 'image/jpeg',
  field = 'file',
) {
  const boundary = `----hourspace${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
