import { useEffect, useState } from 'react';
import type { PublicConfig } from '#shared/schemas/config.ts';
import { apiFetch } from '#web/lib/api-client.ts';

let cached: Promise<PublicConfig> | null = null;

/** GET /api/config, fetched once per page load and shared by every caller. */
export function getPublicConfig(): Promise<PublicConfig> {
  cached ??= apiFetch<PublicConfig>('/api/config').catch((error: unknown) => {
    cached = null; // let a later caller try again
    throw error;
  });
  return cached;
}

/** The public config, or null while it loads (or when it could not be had). */
export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let live = true;
    getPublicConfig().then(
      (value) => live && setConfig(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
