import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The better-auth instance the app is decorated with (app.ts builds it in features/account). */
type Auth = FastifyInstance['auth'];

export type CurrentSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

/**
 * The session of this request (better-auth checks the signed cookie or bearer token against the
 * sessions table), or null. A refreshed cookie that better-auth hands back is passed on to the client.
 */
export async function currentSession(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentSession | null> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(key, value);
  }
  // A browser's cookie, or an app's `Authorization: Bearer` (better-auth's bearer plugin turns
  // the token into the session cookie it stands for).
  if (!headers.get('cookie') && !/^bearer\s+\S/i.test(headers.get('authorization') ?? ''))
    return null;
  const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const cookies = out.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return response ?? null;
}
