// The local worker with the mails it sends caught, as `npm start` runs it on a project's
// database: an SMTP catcher, a mailer to it from `from` for `organisation`, and the worker, its
// log left out. stop() stops the worker and closes the mailer and the catcher, in that order.

import type { Firestore } from 'firebase-admin/firestore';
import { startWorker } from '../../functions/src/local/worker';
import { createMailer } from '../../functions/src/mail/transport';
import { startSmtpCatcher, type SmtpCatcher } from './smtpCatcher';

export interface MailWorker {
  smtp: SmtpCatcher;
  stop(): Promise<void>;
}

export async function startMailWorker(
  firestore: Firestore,
  { from, organisation }: { from: string; organisation: string },
): Promise<MailWorker> {
  const smtp = await startSmtpCatcher();
  const mailer = createMailer({ host: '127.0.0.1', port: smtp.port, secure: false, from, organisation });
  const worker = startWorker({ firestore, mail: mailer, log: () => undefined });
  return {
    smtp,
    async stop() {
      await worker.stop();
      mailer.close();
      await smtp.close();
    },
  };
}
