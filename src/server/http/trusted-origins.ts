import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Config } from '../env.ts';

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

const hostPart = (address: string) => (address.includes(':') ? `[${address}]` : address);

/**
 * The origins a browser may send state-changing requests from (sign-in included). Production:
 * PUBLIC_URL's origin only. Development and test: also the addresses the server actually listens
 * on — localhost, 127.0.0.1, ::1 and, listening on every interface, each of this machine's
 * addresses, on the listening port and on PUBLIC_URL's — so `http://127.0.0.1:3000` or the LAN
 * address the start banner prints works for a newcomer trying it on a phone, and so does Vite's
 * dev server (`npm run dev` sets PUBLIC_URL to it). `listening` is the bound socket, when known.
 */
export function trustedOrigins(config: Config, listening?: AddressInfo | null): string[] {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (config.isProduction) return [...origins];
  const publicUrl = new URL(config.publicUrl);
  // The port the server listens on, and PUBLIC_URL's (Vite's dev server in `npm run dev`).
  const ports = new Set([
    listening?.port ?? config.port,
    Number(publicUrl.port || (publicUrl.protocol === 'https:' ? 443 : 80)),
  ]);
  const host = config.host.replace(/^\[|\]$/g, '');
  const hosts = ['localhost', '127.0.0.1', '::1'];
  if (ANY_ADDRESS.has(host)) hosts.push(...lanAddresses());
  else hosts.push(host);
  for (const port of ports)
    for (const h of hosts) origins.add(`${publicUrl.protocol}//${hostPart(h)}:${port}`);
  return [...origins];
}

/** This machine's own network addresses (IPv4 and IPv6, not loopback or link-local IPv6). */
export function lanAddresses(): string[] {
  const found: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      if (entry.internal) continue;
      if (entry.family === 'IPv6' && entry.address.toLowerCase().startsWith('fe80')) continue;
      found.push(entry.address);
    }
  }
  return found;
}
