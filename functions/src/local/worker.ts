// The server reactions on this machine (DECISIONS.md, "Where the server reactions run"): what the
// Cloud Functions do in production, `npm start` and the tests run here. It listens to the
// collections with firebase-admin and calls the same reaction code. Each watch names a collection,
// decides from a document as written whether its reaction is due (or when to look again), and
// runs it; one reaction's runs for one document never overlap, and a change during a run asks for
// one more.

import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { emailingRunDecision, runEmailing } from '../emails/runEmailing.js';
import { inviteMailDecision, sendInviteMail } from '../invites/sendInviteMail.js';
import type { Mailer } from '../mail/transport.js';
import { matchingRunDecision, runMatching } from '../matching/runMatching.js';
import { matchingSettingsFromEnv, type MatchingSettings } from '../matching/settings.js';
import { rosterCompany, rosterIds } from '../../../domain/roster.js';
import { rebuildRoster, rebuildRostersOf } from '../rosters/rebuildRoster.js';

export interface WorkerOptions {
  /** A firebase-admin Firestore on the local backend. */
  firestore: Firestore;
  /** The mail path; the worker does not close it. */
  mail: Mailer;
  /** The matching reaction's settings; by default read from the environment, as in production's params. */
  matching?: MatchingSettings;
  log: (line: string) => void;
}

export interface Worker {
  /** Stops listening and waits for the runs under way. */
  stop(): Promise<void>;
}

/** Whether a document's reaction is due now; if not, when (ms) to look at it again, if ever. */
type Due = { now: true } | { now: false; recheckAt?: number };

interface Watch {
  /** The reaction, which with the document id keys its runs: two reactions on one event do not share them. */
  name: string;
  collection: string;
  due(data: DocumentData, id: string): Due;
  /** When the document is deleted; without it, a deletion needs nothing. */
  gone?(id: string): Due;
  react(id: string): Promise<void>;
}

function inviteMailWatch({ firestore, mail, log }: WorkerOptions): Watch {
  return {
    name: 'invite e-mail',
    collection: 'invites',
    due(data) {
      const decision = inviteMailDecision(data);
      if (decision.action === 'send') return { now: true };
      // Another runner's claim: send if it is abandoned.
      return { now: false, recheckAt: decision.action === 'wait' ? decision.until : undefined };
    },
    async react(id) {
      const outcome = await sendInviteMail(firestore, id, mail);
      if (outcome.state === 'sent') log(`Invite e-mail to ${outcome.email} sent (${outcome.messageId})`);
      if (outcome.state === 'failed') {
        log(`Invite e-mail to ${outcome.email} failed after ${outcome.attempts} attempts: ${outcome.reason}`);
      }
    },
  };
}

function matchingWatch({ firestore, matching = matchingSettingsFromEnv(), log }: WorkerOptions): Watch {
  return {
    name: 'matching',
    collection: 'events',
    due(data) {
      const decision = matchingRunDecision(data);
      if (decision.action === 'run') return { now: true };
      // Another runner's claim: run if it is abandoned.
      return { now: false, recheckAt: decision.action === 'wait' ? decision.until : undefined };
    },
    async react(id) {
      const outcome = await runMatching(firestore, id, matching);
      if (outcome.state === 'done') {
        const { presenters, providers, matches } = outcome.counts;
        log(`Matching of event ${id} done: ${presenters} presenters, ${providers} providers, ${matches} matches`);
      }
      if (outcome.state === 'failed') log(`Matching of event ${id} failed: ${outcome.reason}`);
    },
  };
}

function emailingWatch({ firestore, mail, log }: WorkerOptions): Watch {
  return {
    name: 'emailing',
    collection: 'events',
    due(data) {
      // Raised with matching, the mails wait for its results, as the Cloud Function runs them one
      // after the other: the matching run's outcome lowers is_matching, and that change comes here.
      if (data.is_matching === true) return { now: false };
      const decision = emailingRunDecision(data);
      if (decision.action === 'run') return { now: true };
      // Another runner's claim: run if it is abandoned.
      return { now: false, recheckAt: decision.action === 'wait' ? decision.until : undefined };
    },
    async react(id) {
      const outcome = await runEmailing(firestore, id, mail);
      if (outcome.state === 'done') {
        const { sent, total } = outcome.counts;
        log(`Result e-mails of event ${id} done: ${outcome.sentNow} sent now, ${sent} of ${total} sent in all`);
      }
      if (outcome.state === 'failed') log(`Result e-mails of event ${id} failed: ${outcome.reason}`);
    },
  };
}

/**
 * The event's roster (domain/roster.ts), rebuilt when the presenters its rounds name change, as
 * the onEventWritten function does: the worker compares with the ids it saw last, so its first
 * look at each event (at start) rebuilds every roster once. A deleted event's roster is deleted.
 */
function eventRosterWatch({ firestore, log }: WorkerOptions): Watch {
  const seen = new Map<string, string>();
  return {
    name: 'roster',
    collection: 'events',
    due(data, id) {
      const ids = rosterIds(data).join('\n');
      if (seen.get(id) === ids) return { now: false };
      seen.set(id, ids);
      return { now: true };
    },
    gone(id) {
      seen.delete(id);
      return { now: true };
    },
    async react(id) {
      const outcome = await rebuildRoster(firestore, id);
      if (outcome.state === 'deleted') log(`Roster of event ${id} deleted (the event is gone)`);
    },
  };
}

/**
 * The rosters naming a presenter, rebuilt when their company changes or they are deleted, as the
 * onPresenterWritten function does. The first look at each presenter (at start) needs nothing:
 * the event watch rebuilds every roster then, and a new presenter is in no round yet.
 */
function presenterRosterWatch({ firestore, log }: WorkerOptions): Watch {
  const companies = new Map<string, string>();
  return {
    name: 'roster',
    collection: 'presenters',
    due(data, id) {
      const company = rosterCompany(data);
      const was = companies.get(id);
      companies.set(id, company);
      return { now: was !== undefined && was !== company };
    },
    gone(id) {
      companies.delete(id);
      return { now: true };
    },
    async react(id) {
      const events = await rebuildRostersOf(firestore, id);
      if (events.length > 0) log(`Rosters of ${events.join(', ')} rebuilt for presenter ${id}`);
    },
  };
}

export function startWorker(options: WorkerOptions): Worker {
  const { firestore, log } = options;
  const watches = [
    inviteMailWatch(options),
    matchingWatch(options),
    emailingWatch(options),
    eventRosterWatch(options),
    presenterRosterWatch(options),
  ];
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const rechecks = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const run = (key: string, watch: Watch, id: string): void => {
    if (stopped) return;
    if (running.has(key)) {
      again.add(key);
      return;
    }
    const runs = (async () => {
      do {
        again.delete(key);
        try {
          await watch.react(id);
        } catch (error) {
          log(`The ${watch.collection}/${id} reaction failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again.has(key) && !stopped);
    })();
    running.set(key, runs);
    void runs.finally(() => running.delete(key));
  };

  const unsubscribes = watches.map((watch) =>
    firestore.collection(watch.collection).onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges()) {
          const id = change.doc.id;
          const key = `${watch.name}:${watch.collection}/${id}`;
          clearTimeout(rechecks.get(key));
          rechecks.delete(key);
          if (change.type === 'removed' && !watch.gone) continue;
          const due = change.type === 'removed' ? (watch.gone?.(id) ?? { now: false }) : watch.due(change.doc.data(), id);
          if (due.now) run(key, watch, id);
          else if (due.recheckAt !== undefined) {
            rechecks.set(
              key,
              setTimeout(() => run(key, watch, id), Math.max(0, due.recheckAt - Date.now())),
            );
          }
        }
      },
      (error) => log(`Stopped watching ${watch.collection}: ${error.message}`),
    ),
  );

  return {
    async stop() {
      stopped = true;
      for (const unsubscribe of unsubscribes) unsubscribe();
      for (const timer of rechecks.values()) clearTimeout(timer);
      rechecks.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}
