import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { createLogSms } from '#server/adapters/sms/log-sms.ts';
import { SmsError } from '#server/adapters/sms/sms-sender.ts';
import { createTwilioSms } from '#server/adapters/sms/twilio-sms.ts';
import { startHttpServer } from '../support/servers/http-server.ts';

/** A local server that answers like Twilio's Messages API. */
async function startTwilioLike() {
  let failWith: number | null = null;
  const server = await startHttpServer((req, res) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url);
    const expected = `Basic ${Buffer.from('AC123:tok3n').toString('base64')}`;
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'POST' || !match) {
      res.statusCode = 404;
      return void res.end(JSON.stringify({ code: 20404, message: 'not found' }));
    }
    if (req.headers.authorization !== expected) {
      res.statusCode = 401;
      return void res.end(JSON.stringify({ code: 20003, message: 'Authenticate' }));
    }
    if (failWith) {
      res.statusCode = failWith;
      return void res.end(
        JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number." }),
      );
    }
    const form = new URLSearchParams(req.body.toString());
    res.statusCode = 201;
    res.end(
      JSON.stringify({
        sid: 'SM0001',
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
        status: 'queued',
      }),
    );
  });
  return { ...server, fail: (status: number | null) => (failWith = status) };
}

describe('SMS adapters', () => {
  let twilio: Awaited<ReturnType<typeof startTwilioLike>>;
  let dir: string;
  beforeAll(async () => {
    twilio = await startTwilioLike();
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-sms-'));
  });
  afterAll(async () => {
    await twilio.close();
    await rm(dir, { recursive: true, force: true });
  });

  const sender = (authToken = 'tok3n') =>
    createTwilioSms({
      url: twilio.url,
      accountSid: 'AC123',
      authToken,
      from: 'HourSpace',
      logger: silentLogger,
    });

  it('sends through the provider protocol: form POST with basic auth', async () => {
    await sender().send('+966512345678', 'رمز التحقق: 123456');
    const req = twilio.requests.at(-1)!;
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req.body.toString());
    expect(form.get('To')).toBe('+966512345678');
    expect(form.get('From')).toBe('HourSpace');
    expect(form.get('Body')).toBe('رمز التحقق: 123456');
  });

  it('throws SmsError when the provider refuses', async () => {
    twilio.fail(400);
    await expect(sender().send('+966512345678', 'x')).rejects.toBeInstanceOf(SmsError);
    twilio.fail(null);
    await expect(sender('wrong').send('+966512345678', 'x')).rejects.toMatchObject({ status: 401 });
  });

  it('throws SmsError when the provider is unreachable', async () => {
    const down = createTwilioSms({
      url: 'http://127.0.0.1:9',
      accountSid: 'AC1',
      authToken: 't',
      from: 'x',
      logger: silentLogger,
    });
    await expect(down.send('+966512345678', 'x')).rejects.toBeInstanceOf(SmsError);
  });

  it('the embedded default writes each message where a developer or a test can read it', async () => {
    const sms = createLogSms({ dir, logger: silentLogger });
    await sms.send('+966512345678', 'Your code: 654321');
    const lines = (await readFile(path.join(dir, 'messages.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      to: '+966512345678',
      body: 'Your code: 654321',
    });
    expect(await readFile(path.join(dir, '+966512345678.txt'), 'utf8')).toContain('654321');
  });
});
