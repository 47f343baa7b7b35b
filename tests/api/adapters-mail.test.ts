import { readdir, readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { createFileMailer } from '#server/adapters/mail/file-mailer.ts';
import { createSmtpMailer } from '#server/adapters/mail/smtp-mailer.ts';
import { jobs } from '#server/db/schema.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { createLogSms } from '#server/adapters/sms/log-sms.ts';
import { startSmtpServer } from '../support/servers/smtp-server.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const FROM = 'HourSpace <no-reply@hourspace.sa>';

describe('mail adapters', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dir: string;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'mailer', pass: 's3cret' });
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-mail-'));
  });
  afterAll(async () => {
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers through a real SMTP conversation, with authentication', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: FROM, logger: silentLogger });
    await mailer.send({
      to: 'renter@example.test',
      subject: 'تم تأكيد حجزك',
      text: 'مرحبًا، تم تأكيد حجزك.',
      html: '<p dir="rtl">مرحبًا، تم تأكيد حجزك.</p>',
      messageId: '<booking-1-confirmed@hourspace.sa>',
      attachments: [
        {
          filename: 'booking.ics',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
          contentType: 'text/calendar',
        },
      ],
    });
    await mailer.close();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('no-reply@hourspace.sa');
    expect(mail.to).toEqual(['renter@example.test']);
    expect(mail.raw).toContain('Message-ID: <booking-1-confirmed@hourspace.sa>');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/); // Arabic subject, encoded
    expect(mail.raw).toContain('booking.ics');
  });

  it('refuses wrong SMTP credentials', async () => {
    const url = smtp.url.replace('s3cret', 'wrong');
    const mailer = createSmtpMailer({ url, from: FROM, logger: silentLogger });
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });

  it('writes .eml files by default', async () => {
    const mailer = createFileMailer({ dir, from: FROM, logger: silentLogger });
    await mailer.send({
      to: 'host@example.test',
      subject: 'Your space is live',
      text: 'Approved.',
    });
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const raw = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(raw).toContain('To: host@example.test');
    expect(raw).toContain('Subject: Your space is live');
    expect(raw).toContain('Approved.');
  });

  describe('through the job queue', () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase();
    });
    afterAll(async () => {
      await t.drop();
    });

    it('an email queued while SMTP is down arrives exactly once when it is back', async () => {
      const before = smtp.received.length;
      const mailer = createSmtpMailer({ url: smtp.url, from: FROM, logger: silentLogger });
      const worker = createJobWorker({
        db: t.database.db,
        handlers: createJobHandlers({ mailer, sms: createLogSms({ dir, logger: silentLogger }) }),
        logger: silentLogger,
        backoffMs: () => 0,
      });
      await t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, 'contact-1-team', {
          to: 'team@hourspace.sa',
          subject: 'New message',
          text: 'Hello',
        });
        // The same event queued again (a retried request) is still one email.
        await enqueueMail(tx, 'contact-1-team', {
          to: 'team@hourspace.sa',
          subject: 'New message',
          text: 'Hello',
        });
      });
      smtp.refuse(true);
      await worker.runDue();
      expect(smtp.received.length).toBe(before);
      smtp.refuse(false);
      await worker.runDue();
      await worker.runDue();
      await mailer.close();
      const arrived = smtp.received.slice(before);
      expect(arrived).toHaveLength(1);
      expect(arrived[0]!.raw).toContain('Message-ID: <contact-1-team@hourspace.sa>');
      const [job] = await t.database.db.select().from(jobs);
      expect(job).toMatchObject({ status: 'done', attempts: 2 });
    });
  });
});
