// A real SMTP server for mail tests, on 127.0.0.1 (nodemailer's smtp-server): it keeps every
// mail it accepts, parsed with mailparser, and can answer recipients with a temporary failure to
// exercise retries. `closedPort()` gives an SMTP server that is down.

import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  port: number;
  /** Every mail accepted so far, in order. */
  mails: ParsedMail[];
  /** Answers the next `count` attempts with a temporary failure: for `address` only, or for any recipient. */
  refuse(count: number, address?: string): void;
  close(): Promise<void>;
}

const ANY = '';

export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  const mails: ParsedMail[] = [];
  const refusals = new Map<string, number>();
  const takeRefusal = (key: string) => {
    const left = refusals.get(key) ?? 0;
    if (left > 0) refusals.set(key, left - 1);
    return left > 0;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The mailer keeps its pooled connections open: do not wait for it to hang up.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (!takeRefusal(address.address) && !takeRefusal(ANY)) return callback();
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 450 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        mails.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as net.AddressInfo).port,
    mails,
    refuse(count, address = ANY) {
      refusals.set(address, count);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The first recipient's address of a caught mail. */
export const addressOf = (mail: ParsedMail): string => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
};
