// Delivers each committed change that a registered trigger matches to the Functions emulator
// (`POST /functions/projects/{project}/triggers/{triggerId}`), as the official Firestore emulator
// does. Off the commit path: a client's write never waits for a delivery. Per trigger and
// document the events go one after the other, in commit order, each after the previous one was
// answered. An event the emulator cannot be reached for is tried again a few times (at least
// once, as Eventarc delivers); one the function fails is logged with the trigger's name and not
// sent again, as production does with retry off; nothing here throws into the engine.

import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { CommitEvent, FirestoreEngine } from '../engine/api.js';
import { documentCloudEvent, type ChangeToDeliver } from './cloudEvents.js';
import type { TriggerRegistration, TriggerRegistry } from './registrations.js';

export interface TriggerDeliveryOptions {
  engine: Pick<FirestoreEngine, 'onCommit'>;
  registry: TriggerRegistry;
  log: (line: string) => void;
  /** Pauses between tries of an event whose emulator could not be reached. */
  retryDelaysMs?: number[];
  /** How long one function may take to answer (event functions run up to 540 s in production). */
  answerTimeoutMs?: number;
  /**
   * Events in flight at once to one Functions emulator, over every trigger and document. An
   * emulator starts a process for each call that finds none idle; unbounded, a burst of writes
   * (a data set's import) would start dozens at once on a small machine. Each emulator has its
   * own places: one project's slow functions never hold back another project's events (test
   * files side by side, each with its emulator, on one backend).
   */
  maxInFlight?: number;
  /**
   * After how long an event still waiting for a place or for the function's answer is logged, once
   * (a hung function holds its place until the answer's timeout, and the events behind it wait).
   */
  slowAfterMs?: number;
}

export interface TriggerDeliveries {
  /** A project's events queued or under way (given up ones no longer count). */
  pending(project: string): number;
  /** Resolves once every event queued so far has been answered or given up. */
  idle(): Promise<void>;
  /** Stops taking commits, abandons the requests under way and drops the queued events. */
  stop(): Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [250, 1_000, 4_000];
const DEFAULT_ANSWER_TIMEOUT_MS = 600_000;
const DEFAULT_MAX_IN_FLIGHT = 4;
const DEFAULT_SLOW_AFTER_MS = 30_000;

interface Delivery {
  registration: TriggerRegistration;
  change: ChangeToDeliver;
  id: string;
}

class Unreachable extends Error {}

/** One POST; resolves to the answer's status and the start of its body. */
function post(
  target: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  inFlight: Set<http.ClientRequest>,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    let answered = false;
    const request = http.request(
      {
        host,
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 2_000) text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)));
    // Refused or reset before any answer: the emulator is not there (yet, or any more).
    request.on('error', (error) => reject(answered ? error : new Unreachable(error.message)));
    inFlight.add(request);
    request.on('close', () => inFlight.delete(request));
    request.end(body);
  });
}

export function startTriggerDeliveries(options: TriggerDeliveryOptions): TriggerDeliveries {
  const { registry, log } = options;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  /** Per trigger and document, the tail of its chain of deliveries. */
  const queues = new Map<string, Promise<void>>();
  const inFlight = new Set<http.ClientRequest>();
  /** Projects whose events found no Functions emulator, told once until one is known again. */
  const unserved = new Set<string>();
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const slowAfterMs = options.slowAfterMs ?? DEFAULT_SLOW_AFTER_MS;
  /** Per Functions emulator (its address): its events in flight, and the deliveries waiting for a place. */
  const places = new Map<string, { busy: number; waiting: (() => void)[] }>();
  const place = async (target: string): Promise<void> => {
    let emulator = places.get(target);
    if (!emulator) {
      emulator = { busy: 0, waiting: [] };
      places.set(target, emulator);
    }
    if (emulator.busy < maxInFlight) {
      emulator.busy += 1;
      return;
    }
    const queue = emulator.waiting;
    await new Promise<void>((resolve) => queue.push(resolve));
  };
  const release = (target: string): void => {
    const emulator = places.get(target);
    if (!emulator) return;
    const next = emulator.waiting.shift();
    if (next) next();
    else if (--emulator.busy === 0) places.delete(target);
  };
  let stopped = false;

  // The project too: one backend serves several projects (test files side by side), whose function names are alike.
  const describe = ({ registration, change }: Delivery) =>
    `Function ${registration.id} (${registration.eventType.replace('google.cloud.firestore.document.v1.', '')} of ${change.name.replace(/^.*?\/documents\//, '')} in ${registration.project})`;

  const deliver = async (delivery: Delivery): Promise<void> => {
    const event = documentCloudEvent(delivery.registration, delivery.change, delivery.id);
    const path = `/functions/projects/${encodeURIComponent(delivery.registration.project)}/triggers/${encodeURIComponent(delivery.registration.id)}`;
    for (let attempt = 0; ; attempt += 1) {
      if (stopped) return;
      const project = delivery.registration.project;
      const target = registry.target(project);
      if (!target) {
        // Registrations kept from an earlier run, and no Functions emulator now (`npm run emulators`).
        if (!unserved.has(project))
          log(`The Firestore triggers of ${project} have no Functions emulator to go to: their events are dropped.`);
        unserved.add(project);
        return;
      }
      unserved.delete(project);
      let stage = 'a place among the events in flight';
      const slow = setTimeout(() => {
        const busy = places.get(target);
        log(
          `${describe(delivery)} is still waiting for ${stage} after ${slowAfterMs / 1000} s ` +
            `(${busy?.busy ?? 0} in flight to ${target}, ${busy?.waiting.length ?? 0} waiting for a place)`,
        );
      }, slowAfterMs);
      slow.unref();
      try {
        await place(target);
        stage = "the function's answer";
        const { status, text } = await post(target, path, event.headers, event.body, timeoutMs, inFlight).finally(() => {
          clearTimeout(slow);
          release(target);
        });
        if (status < 200 || status > 299) log(`${describe(delivery)} failed: ${status} ${text.trim().slice(0, 500)}`);
        return;
      } catch (error) {
        clearTimeout(slow);
        if (stopped) return;
        const message = error instanceof Error ? error.message : String(error);
        const pause = retryDelays[attempt];
        if (!(error instanceof Unreachable)) return log(`${describe(delivery)} failed: ${message}`);
        if (pause === undefined) return log(`${describe(delivery)} was not delivered: ${message}`);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };

  const pendingByProject = new Map<string, number>();
  const count = (project: string, change: number): void => {
    const now = (pendingByProject.get(project) ?? 0) + change;
    if (now === 0) pendingByProject.delete(project);
    else pendingByProject.set(project, now);
  };

  const enqueue = (delivery: Delivery): void => {
    const project = delivery.registration.project;
    count(project, 1);
    const key = `${delivery.registration.project}\n${delivery.registration.id}\n${delivery.change.name}`;
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous
      .then(() => deliver(delivery))
      .catch((error: unknown) => log(`${describe(delivery)}: ${String(error)}`))
      .finally(() => count(project, -1));
    queues.set(key, next);
    void next.then(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
  };

  const onCommit = (event: CommitEvent): void => {
    if (stopped || registry.size === 0 || event.reset) return;
    for (const change of event.changes) {
      for (const { registration } of registry.firing(change.name, change.before !== null, change.after !== null)) {
        enqueue({ registration, change: { ...change, commitTime: event.commitTime }, id: randomUUID() });
      }
    }
  };
  const unsubscribe = options.engine.onCommit(onCommit);

  const idle = async (): Promise<void> => {
    while (queues.size > 0) await Promise.allSettled([...queues.values()]);
  };
  return {
    pending: (project) => pendingByProject.get(project) ?? 0,
    idle,
    async stop() {
      stopped = true;
      unsubscribe();
      for (const request of inFlight) request.destroy(new Error('the backend is closing'));
      await idle();
    },
  };
}
