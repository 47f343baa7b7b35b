import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fuzzArea } from './run.ts';

/**
 * Bookings, my bookings and listings, listing a space, uploads and translation. Translation talks
 * to a LibreTranslate stand-in on loopback, so a well-formed request gets its 200 (with
 * translation off it would be the documented 409 TRANSLATION_OFF).
 */
let translator: Server | undefined;
fuzzArea('member', {
  env: async () => {
    translator = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { q } = JSON.parse(body) as { q: string };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ translatedText: `[en] ${q}` }));
      });
    });
    await new Promise<void>((resolve) => translator!.listen(0, '127.0.0.1', resolve));
    const { port } = translator.address() as AddressInfo;
    return { TRANSLATE_URL: `http://127.0.0.1:${port}` };
  },
  teardown: async () => {
    await new Promise((resolve) => translator?.close(resolve));
  },
});
