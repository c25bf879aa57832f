import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The same on every try of one send, so a receiver can tell a repeat after a crash. */
  messageId: string;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects with its reason otherwise. */
  send(email: OutgoingEmail): Promise<{ accepted: string }>;
  close(): void;
}

/** nodemailer over SMTP_URL (smtp:// upgrades with STARTTLS when offered, smtps:// is TLS from the start). */
export function createSmtpMailer(smtpUrl: string, options: { timeoutMs?: number } = {}): Mailer {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(email) {
      const info = await transport.sendMail(email);
      return { accepted: String(info.response ?? info.messageId) };
    },
    close: () => transport.close(),
  };
}
