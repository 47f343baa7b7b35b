import type { Config } from '#server/env.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export function createStorage(config: Config['storage']): Storage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage({ dir: config.dir });
}
