import { describe, expect, it } from 'vitest';
import { formatDevLine } from './dev-log.ts';

describe('formatDevLine', () => {
  it('turns a request line into one readable line', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 24, 14, 2, 11),
      pid: 1,
      hostname: 'h',
      reqId: 'abc',
      status: 201,
      ms: 12,
      ip: '127.0.0.1',
      msg: 'POST /api/contact 201 12 ms',
    });
    expect(formatDevLine(line)).toBe('14:02:11 INFO  POST /api/contact 201 12 ms ip=127.0.0.1');
  });

  it('puts an error stack on the lines after, and passes non-JSON through', () => {
    const line = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'boom',
      err: { message: 'x', stack: 'Error: x\n    at y' },
    });
    expect(formatDevLine(line)).toBe('00:00:00 ERROR boom\nError: x\n    at y');
    expect(formatDevLine('plain text')).toBe('plain text');
  });
});
