import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { createCloudWhatsApp } from '#server/adapters/whatsapp/cloud-whatsapp.ts';
import { createFileWhatsApp } from '#server/adapters/whatsapp/file-whatsapp.ts';
import { WhatsAppError } from '#server/adapters/whatsapp/whatsapp-sender.ts';
import { startWhatsAppCloudServer } from '../support/servers/whatsapp-cloud-server.ts';

const message = {
  to: '+966512345678',
  template: 'booking_confirmed_renter',
  language: 'ar' as const,
  params: ['قاعة الياسمين', 'الأحد، 6 يناير 2030', '10:00 – 12:00', '‏300 ر.س.‏'],
  text: 'تم تأكيد حجزك…',
};

describe('WhatsApp adapters', () => {
  let cloud: Awaited<ReturnType<typeof startWhatsAppCloudServer>>;
  let dir: string;
  beforeAll(async () => {
    cloud = await startWhatsAppCloudServer({ phoneNumberId: '1234567890', token: 'EAAtest' });
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-whatsapp-'));
  });
  afterAll(async () => {
    await cloud.close();
    await rm(dir, { recursive: true, force: true });
  });

  const sender = (accessToken = 'EAAtest', phoneNumberId = '1234567890') =>
    createCloudWhatsApp({
      url: cloud.url,
      apiVersion: 'v21.0',
      phoneNumberId,
      accessToken,
      templatePrefix: 'hourspace_',
      logger: silentLogger,
    });

  it('sends an approved template through the Cloud API: JSON POST with a bearer token', async () => {
    await sender().send(message);
    const req = cloud.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v21.0/1234567890/messages');
    expect(req.headers.authorization).toBe('Bearer EAAtest');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body.toString())).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '966512345678',
      type: 'template',
      template: {
        name: 'hourspace_booking_confirmed_renter',
        language: { code: 'ar' },
        components: [
          {
            type: 'body',
            parameters: message.params.map((text) => ({ type: 'text', text })),
          },
        ],
      },
    });
    expect(cloud.delivered.at(-1)).toMatchObject({
      to: '966512345678',
      template: 'hourspace_booking_confirmed_renter',
    });
  });

  it('throws WhatsAppError with the status when the API refuses', async () => {
    await expect(sender('wrong').send(message)).rejects.toMatchObject({
      name: 'WhatsAppError',
      status: 401,
    });
    await expect(sender('EAAtest', '999').send(message)).rejects.toMatchObject({ status: 400 });
    // A template the server does not know (not approved) is refused as Meta refuses it.
    await expect(
      sender().send({ ...message, template: 'no_such_template' }),
    ).rejects.toBeInstanceOf(WhatsAppError);
    cloud.fail(500);
    try {
      await expect(sender().send(message)).rejects.toMatchObject({ status: 500 });
    } finally {
      cloud.fail(null);
    }
  });

  it('throws WhatsAppError when the API is unreachable', async () => {
    const down = createCloudWhatsApp({
      url: 'http://127.0.0.1:9',
      apiVersion: 'v21.0',
      phoneNumberId: '1',
      accessToken: 't',
      templatePrefix: '',
      logger: silentLogger,
    });
    await expect(down.send(message)).rejects.toBeInstanceOf(WhatsAppError);
  });

  it('the embedded default writes each message where a developer or a test can read it', async () => {
    const files = createFileWhatsApp({ dir, logger: silentLogger });
    await files.send(message);
    const lines = (await readFile(path.join(dir, 'messages.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      to: '+966512345678',
      template: 'booking_confirmed_renter',
      language: 'ar',
      params: message.params,
      text: message.text,
    });
    expect(await readFile(path.join(dir, '+966512345678.txt'), 'utf8')).toContain(message.text);
  });
});
