import type { Logger } from '../logger.ts';
import { SmsError, type SmsSender } from './sms-sender.ts';

/**
 * Production SMS over Twilio's Messages API (or any provider that speaks it): a form POST to
 * {SMS_URL}/2010-04-01/Accounts/{sid}/Messages.json with HTTP basic auth.
 */
export function createTwilioSms(opts: {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  logger: Logger;
  timeoutMs?: number;
}): SmsSender {
  const endpoint = `${opts.url.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64');
  return {
    kind: 'twilio',
    async send(to, body) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Basic ${auth}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: opts.from, Body: body }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsError(`SMS provider unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new SmsError(
          `SMS provider answered ${response.status}: ${detail.slice(0, 200)}`,
          response.status,
        );
      }
      const json = (await response.json().catch(() => ({}))) as { sid?: string };
      opts.logger.info({ to, sid: json.sid }, 'sms sent');
    },
  };
}
