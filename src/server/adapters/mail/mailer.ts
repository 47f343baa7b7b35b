/** One email. Rendered before it is queued, so a retry sends exactly what was decided. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Stable across retries, so a receiving server can recognise a duplicate. */
  messageId?: string;
  attachments?: MailAttachment[];
  /**
   * A booking whose paid document (tax invoice or receipt, issue 33) goes with the email as a PDF,
   * resolved by the mail job when it sends (job-wiring.ts): the queue keeps the reference, not
   * the bytes. The adapters never see it.
   */
  attachPaidDocumentOf?: string;
}

export interface MailAttachment {
  filename: string;
  /** text, or base64 when `encoding` says so (binary files) */
  content: string;
  encoding?: 'base64';
  contentType: string;
}

export interface Mailer {
  readonly kind: 'files' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
