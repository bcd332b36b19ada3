// The registry of the server reactions' handlers (DECISIONS.md, "Matching" and "Result e-mails"):
// the trigger dispatches each reaction here. Triggers are delivered at least once, so a handler
// may run more than once for one change and must be idempotent.

import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import type { Reaction } from '../../domain/reactions.js';
import { createMailer, mailSettingsFromParams } from './mail/transport.js';
import { runMatching } from './matching/runMatching.js';
import { matchingSettingsFromParams } from './matching/settings.js';

export interface ReactionRequest {
  /** The id of the event document whose flag was raised. */
  eventId: string;
}

export type ReactionHandler = (request: ReactionRequest) => Promise<void>;

/** The default Admin app's Firestore, the app made at the first invocation that needs it. */
const defaultApp = () => (getApps().some((app) => app.name === '[DEFAULT]') ? getApp() : initializeApp());
const firestore = () => getFirestore(defaultApp());

/** The handlers by reaction. */
const handlers: Record<Reaction, ReactionHandler> = {
  async matching({ eventId }) {
    const outcome = await runMatching(firestore(), eventId, matchingSettingsFromParams());
    switch (outcome.state) {
      case 'done':
        return logger.info('Matching done.', { eventId, ...outcome.counts });
      case 'failed':
        return logger.warn(`Matching failed: ${outcome.reason}`, { eventId });
      case 'skipped':
        return logger.info('Matching not run: it is no longer requested, or another runner holds it.', { eventId });
      case 'superseded':
        return logger.warn('Matching superseded: another runner took the run over as abandoned.', { eventId });
    }
  },
  async emailing({ eventId }) {
    // A mailer per run: its pooled connections close with the run rather than idle in the instance.
    const mailer = createMailer(mailSettingsFromParams());
    try {
      // Loaded at the first run that sends: matching and most other invocations render no mail.
      const { runEmailing } = await import('./emails/runEmailing.js');
      // Auth binds each recipient's account to the address and makes the mails' sign-in links.
      const outcome = await runEmailing(firestore(), eventId, mailer, { auth: getAuth(defaultApp()) });
      switch (outcome.state) {
        case 'done':
          return logger.info('Result e-mails done.', { eventId, sentNow: outcome.sentNow, ...outcome.counts });
        case 'failed':
          return logger.warn(`Result e-mails failed: ${outcome.reason}`, {
            eventId,
            sentNow: outcome.sentNow,
            ...outcome.counts,
          });
        case 'skipped':
          return logger.info('Result e-mails not sent: they are no longer requested, or another runner holds them.', { eventId });
        case 'superseded':
          return logger.warn('Result e-mails superseded: another runner took the run over as abandoned.', { eventId });
      }
    } finally {
      mailer.close();
    }
  },
};

/** Runs the reaction's handler. */
export async function dispatchReaction(reaction: Reaction, request: ReactionRequest): Promise<void> {
  await handlers[reaction](request);
}
