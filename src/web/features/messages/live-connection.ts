import type { LiveEvent } from '#shared/schemas/messages.ts';
import {
  LIVE_HEARTBEAT_MS,
  LIVE_RECONNECT_DELAYS_MS,
  LIVE_TIMEOUT_MS,
} from '#shared/domain/messages.ts';

/**
 * The live connection to /api/messages/live (decision 056, docs/messages-live.md): server-sent
 * events read with fetch, so the client owns the product's timings — a connection that does not
 * answer within LIVE_TIMEOUT_MS, or goes silent for a heartbeat plus the timeout, is dropped and
 * tried again after 1 s, 2 s, 5 s, then every 10 s. Each reconnect asks for the messages after
 * the last one it received, so nothing is lost across a drop, and an id already seen is never
 * handed on twice. Plain TypeScript (fetch and streams): the browser and the tests use it alike.
 */
export interface LiveOptions {
  url: string;
  onEvent: (event: LiveEvent) => void;
  /** Called with true once connected (after `hello`), false when the connection drops. */
  onStatus?: (connected: boolean) => void;
  /** The last message id already shown: the first connection resumes after it. */
  after?: number;
  /** Extra request headers (a test's cookie; the browser sends its own). */
  headers?: Record<string, string>;
  delays?: readonly number[];
  heartbeatMs?: number;
  timeoutMs?: number;
}

export interface LiveConnection {
  close(): void;
  /** The last message id received (the resume point). */
  lastId(): number | undefined;
}

export function connectLive(options: LiveOptions): LiveConnection {
  const delays = options.delays ?? LIVE_RECONNECT_DELAYS_MS;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const timeoutMs = options.timeoutMs ?? LIVE_TIMEOUT_MS;
  let lastId = options.after;
  let attempt = 0;
  let stopped = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const seen = new Set<number>();

  const deliver = (event: LiveEvent) => {
    if (event.type === 'message') {
      if (seen.has(event.message.id)) return;
      seen.add(event.message.id);
      if (lastId === undefined || event.message.id > lastId) lastId = event.message.id;
    }
    options.onEvent(event);
  };

  async function run() {
    controller = new AbortController();
    const abort = controller;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const watch = (ms: number) => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), ms);
    };
    watch(timeoutMs);
    let connected = false;
    try {
      const url = new URL(options.url, globalThis.location?.href ?? undefined);
      if (lastId !== undefined) url.searchParams.set('after', String(lastId));
      const response = await fetch(url, {
        headers: { accept: 'text/event-stream', ...options.headers },
        credentials: 'same-origin',
        signal: abort.signal,
      });
      if (!response.ok || !response.body) throw new Error(`live: ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        watch(heartbeatMs + timeoutMs);
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          let type = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (type === 'hello') {
            connected = true;
            attempt = 0;
            options.onStatus?.(true);
          } else if ((type === 'message' || type === 'read') && data) {
            deliver(JSON.parse(data) as LiveEvent);
          }
        }
      }
    } catch {
      // dropped, refused or timed out: try again below
    } finally {
      if (silence) clearTimeout(silence);
    }
    if (connected) options.onStatus?.(false);
    if (stopped) return;
    const delay = delays[Math.min(attempt, delays.length - 1)]!;
    attempt += 1;
    retryTimer = setTimeout(() => void run(), delay);
  }

  void run();
  return {
    close() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      controller?.abort();
    },
    lastId: () => lastId,
  };
}
