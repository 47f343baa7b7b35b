import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { LiveEvent } from '#shared/schemas/messages.ts';

/**
 * Who is connected, and the way an event reaches them (decision 056): each instance keeps its own
 * listeners by user id; an event is published to every instance — through Redis pub/sub when
 * REDIS_URL is set, else within this process — and each instance hands it to its listeners of
 * the people it is for. Events are published after the transaction that made them commits.
 */
export interface LiveHub {
  publish(userIds: readonly string[], event: LiveEvent): void;
  /** Listen for one user's events; returns the way to stop. */
  listen(userId: string, listener: (event: LiveEvent) => void): () => void;
  /** How many listeners this instance holds (the bench reads it). */
  size(): number;
  /** Resolves once events from other instances arrive (Redis: the channel is subscribed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface Envelope {
  to: readonly string[];
  event: LiveEvent;
}

function localListeners() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let count = 0;
  return {
    deliver(envelope: Envelope) {
      for (const userId of new Set(envelope.to)) emitter.emit(userId, envelope.event);
    },
    listen(userId: string, listener: (event: LiveEvent) => void) {
      emitter.on(userId, listener);
      count += 1;
      return () => {
        emitter.off(userId, listener);
        count -= 1;
      };
    },
    size: () => count,
  };
}

/** Within one process: the default without REDIS_URL. */
export function createMemoryHub(): LiveHub {
  const local = localListeners();
  return {
    publish: (to, event) => queueMicrotask(() => local.deliver({ to, event })),
    listen: local.listen,
    size: local.size,
    ready: Promise.resolve(),
    close: async () => {},
  };
}

/**
 * Across instances: one Redis channel (`<prefix>messages`), one subscriber connection per
 * instance. A failed publish is logged by the caller's logger and the event is still delivered
 * to this instance's listeners; the others' clients catch up from the database on reconnect.
 */
export function createRedisHub(
  url: string,
  keyPrefix: string,
  onError: (error: unknown) => void = () => {},
): LiveHub {
  const channel = `${keyPrefix}messages`;
  const local = localListeners();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const ready = subscriber.subscribe(channel).then(
    () => {},
    (error: unknown) => onError(error),
  );
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    try {
      local.deliver(JSON.parse(raw) as Envelope);
    } catch (error) {
      onError(error);
    }
  });
  return {
    publish(to, event) {
      publisher.publish(channel, JSON.stringify({ to, event })).catch((error: unknown) => {
        onError(error);
        local.deliver({ to, event });
      });
    },
    listen: local.listen,
    size: local.size,
    ready,
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
