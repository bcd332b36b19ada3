// The registry of the server reactions' handlers (DECISIONS.md, "Matching" and "Result e-mails"):
// the trigger dispatches each reaction here. Triggers are delivered at least once, so a handler
// may run more than once for one change and must be idempotent.

import { logger } from 'firebase-functions/logger';
import type { Reaction } from '../../domain/reactions.js';

export interface ReactionRequest {
  /** The id of the event document whose flag was raised. */
  eventId: string;
}

export type ReactionHandler = (request: ReactionRequest) => Promise<void>;

/** The handlers by reaction; the matching and e-mail work registers theirs here. */
const handlers: Partial<Record<Reaction, ReactionHandler>> = {};

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
