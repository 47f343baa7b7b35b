import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, MEDIA_PREFIX, type Storage } from './storage.ts';

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.avif': 'image/avif',
};

/** The embedded default: files under DATA_DIR/uploads, served by the app at /media/<key>. */
export function createDiskStorage(opts: { dir: string }): Storage {
  const root = path.resolve(opts.dir);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error('storage key escapes the root');
    return file;
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, even after a crash.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file),
          size: info.size,
          contentType: contentTypes[path.extname(file)] ?? 'application/octet-stream',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      assertStorageKey(key);
      return `${MEDIA_PREFIX}${key}`;
    },
  };
}
