import { fieldRule } from '#shared/message-codes.ts';
import { AppError } from './app-error.ts';

/** Beyond this many values a request is not a form; the schemas refuse it on their own. */
const MAX_VALUES = 10_000;

/**
 * The path (`items.0.name`, `_` for the whole value) of the first string or key holding U+0000,
 * or null. PostgreSQL text cannot store that character: a NUL that reached a query would be a
 * 500, so the API refuses it as an invalid field first. Iterative, so deep JSON cannot overflow.
 */
export function findNulText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  let seen = 0;
  while (stack.length > 0 && seen < MAX_VALUES) {
    const [current, path] = stack.pop()!;
    seen += 1;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || '_';
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** preValidation: a NUL anywhere in the params, query or parsed body → 400 VALIDATION_ERROR. */
export async function refuseNulText(request: {
  params: unknown;
  query: unknown;
  body: unknown;
}): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    // better-auth's mount keeps its body as raw text; its own schemas see the parsed values.
    if (typeof part === 'string') continue;
    const path = findNulText(part);
    if (path !== null)
      throw new AppError(400, 'VALIDATION_ERROR', { [path]: fieldRule('invalid') });
  }
}
