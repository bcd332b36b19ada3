// The registry of the server reactions' handlers (DECISIONS.md, "Matching" and "Result e-mails"):
// the trigger dispatches each reaction here. Triggers are delivered at least once, so a handler
// may run more than once for one change and must be idempotent.

import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import type { Reaction } from '../../domain/reactions.js';
import { runMatching } from './matching/runMatching.js';
import { matchingSettingsFromParams } from './matching/settings.js';

export interface ReactionRequest {
  /** The id of the event document whose flag was raised. */
  eventId: string;
}

export type ReactionHandler = (request: ReactionRequest) => Promise<void>;

/** The default Admin app's Firestore, the app made at the first invocation that needs it. */
const firestore = () => getFirestore(getApps().some((app) => app.name === '[DEFAULT]') ? getApp() : initializeApp());

/** The handlers by reaction; the e-mail work registers its own here. */
const handlers: Partial<Record<Reaction, ReactionHandler>> = {
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
};

/** Runs the reaction's handler, or logs that the reaction has none yet. */
export async function dispatchReaction(reaction: Reaction, request: ReactionRequest): Promise<void> {
  const handler = handlers[reaction];
  if (!handler) {
    logger.info(`No handler is registered for the '${reaction}' reaction; event ${request.eventId} is left as it is.`, {
      reaction,
      eventId: request.eventId,
    });
    return;
  }
  await handler(request);
}
