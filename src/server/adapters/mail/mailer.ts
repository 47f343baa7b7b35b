/** One email. Rendered before it is queued, so a retry sends exactly what was decided. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Stable across retries, so a receiving server can recognise a duplicate. */
  messageId?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  readonly kind: 'files' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
