// The project's Cloud Functions (2nd gen): the server reactions to the event document's flags
// (DECISIONS.md, "Where the server reactions run"). Which reactions a change starts is the
// domain's decision (domain/reactions.ts); what each one does is in the registry (reactions.ts).

import { onDocumentUpdated } from 'firebase-functions/firestore';
import { reactionsFor } from '../../domain/reactions.js';
import { dispatchReaction } from './reactions.js';

export const onEventUpdated = onDocumentUpdated(
  {
    document: 'events/{eventId}',
    // The default region. A Firestore trigger must run where the database is (us-central1 suits
    // the nam5 multi-region); a database elsewhere, e.g. eur3, needs europe-west1 here.
    region: 'us-central1',
    // Matching reads every answer of one event, and e-mailing talks SMTP to every participant:
    // room for a large event, and bounded so a stuck SMTP server cannot hold an instance long.
    memory: '512MiB',
    timeoutSeconds: 300,
    maxInstances: 10,
    // No automatic redelivery: a failed reaction records its failure on the event and the admin
    // starts it again, rather than the platform retrying it for up to 7 days after the session.
    // Deliveries are still at least once, so every handler is idempotent.
    retry: false,
  },
  async (event) => {
    const change = event.data;
    if (!change) return;
    for (const reaction of reactionsFor(change.before.data(), change.after.data())) {
      // One after the other, in the domain's order: raised together, e-mails follow the matches.
      await dispatchReaction(reaction, { eventId: event.params.eventId });
    }
  },
);
