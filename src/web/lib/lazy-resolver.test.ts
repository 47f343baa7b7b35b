// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver.ts';

const schema = z.object({ name: z.string().min(2) });
const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('lazyZodResolver', () => {
  it('asks for the schema after the touch’s frame, not in the touch’s own handler, and once', async () => {
    const load = vi.fn(async () => schema);
    const rules = lazyZodResolver(load);
    rules.preload();
    rules.preload();
    expect(load).not.toHaveBeenCalled();
    await nextFrame();
    await nextFrame();
    expect(load).toHaveBeenCalledTimes(1);
    rules.preload();
    await nextFrame();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('checks with the schema when asked to validate, loaded or not', async () => {
    const load = vi.fn(async () => schema);
    const rules = lazyZodResolver(load);
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    const bad = await rules.resolve({ name: 'a' }, undefined, options);
    expect(Object.keys(bad.errors)).toEqual(['name']);
    const good = await rules.resolve({ name: 'Huda' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ name: 'Huda' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
