export interface SmsSender {
  readonly kind: 'log' | 'twilio';
  /** `to` is E.164 (+9665XXXXXXXX). Throws SmsError when the provider refuses. */
  send(to: string, body: string): Promise<void>;
}

export class SmsError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}
