import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '#shared/constants.ts';
import { noStore, requireAdmin } from './guards.ts';
import { requestLocale } from './locale.ts';

export interface DecisionContext {
  /** The admin's request language: for a recipient with none stored. */
  requestLocale: Locale;
  publicUrl: string;
}

/**
 * A review-desk decision route's frame: the deciding admin (401/403 otherwise), the context a
 * transition's emails need, then — once `decide` has committed — the worker woken for the
 * queued email and an answer that is never cached.
 */
export async function adminDecision<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  decide: (actor: { role: 'admin'; userId: string }, context: DecisionContext) => Promise<T>,
): Promise<T> {
  const admin = await requireAdmin(request, reply);
  const { deps } = request.server;
  const result = await decide(
    { role: 'admin', userId: admin.id },
    { requestLocale: requestLocale(request), publicUrl: deps.config.publicUrl },
  );
  deps.wakeWorker?.();
  noStore(reply);
  return result;
}
