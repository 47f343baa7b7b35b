import { fieldRule } from '#shared/message-codes.ts';
import { AppError } from './app-error.ts';

/**
 * Text PostgreSQL cannot store: U+0000, and a lone surrogate (half of a UTF-16 pair, which JSON
 * can spell as `\ud800` but no text is made of; PGlite turns it into a broken UTF-8 sequence).
 */
// eslint-disable-next-line no-control-regex -- U+0000 is the very character refused
const UNSTORABLE = /\u0000|\p{Cs}/u;

/**
 * The path (`items.0.name`, `_` for the whole value) of the first string or key holding text
 * PostgreSQL cannot store, or null: such text that reached a query would be a 500, so the API
 * refuses it as an invalid field first. Iterative, so deep JSON cannot overflow; it reads every
 * value (the body limit bounds them), since a cut-off would let text placed after it through.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return path || '_';
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** preValidation: unstorable text anywhere in the params, query or parsed body → 400 VALIDATION_ERROR. */
export async function refuseUnstorableText(request: {
  params: unknown;
  query: unknown;
  body: unknown;
}): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    // better-auth's mount keeps its body as raw text; its own schemas see the parsed values.
    if (typeof part === 'string') continue;
    const path = findUnstorableText(part);
    if (path !== null) throw new AppError('VALIDATION_ERROR', { [path]: fieldRule('invalid') });
  }
}
