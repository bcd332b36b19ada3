// The backend takes Firestore trigger registrations as the official emulator does and delivers
// each committed write they match as the CloudEvent firebase-tools' Functions emulator forwards
// to a 2nd-gen function. The registrations are the bundles firebase-tools itself builds from
// firebase-functions' own declarations; the stand-in for the Functions emulator (the outside of
// the backend) records what arrives, and the events are read back by firebase-functions' own
// handler code, as a deployed function reads them.

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { onDocumentCreated, onDocumentDeleted, onDocumentUpdated, onDocumentWritten } from 'firebase-functions/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';

const require = createRequire(import.meta.url);
const PROJECT = 'demo-triggers';
const DB = `projects/${PROJECT}/databases/(default)`;
const OWNER = { identity: { admin: true, auth: null } };

interface EventTrigger {
  eventType: string;
  eventFilters?: Record<string, string>;
  eventFilterPathPatterns?: Record<string, string>;
}
/** firebase-tools' own builder of the registration it posts (lib/emulator/functionsEmulator.js). */
const { FunctionsEmulator } = require('firebase-tools/lib/emulator/functionsEmulator.js') as {
  FunctionsEmulator: {
    prototype: {
      getV2FirestoreAttributes(project: string, key: string, trigger: EventTrigger): { bundle: string; path: string };
    };
  };
};

/** A 2nd-gen function as firebase-functions declares it: callable with the event, and its deploy manifest. */
type CloudFunction = ((event: unknown) => unknown) & { __endpoint: { eventTrigger: EventTrigger } };

interface Received {
  trigger: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The Functions emulator's place: records each POST and answers as the function's outcome says. */
class FunctionsStandIn {
  readonly received: Received[] = [];
  answer: (request: Received) => Promise<number> | number = () => 200;
  private server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const trigger = /^\/functions\/projects\/[^/]+\/triggers\/(.+)$/.exec(req.url ?? '')?.[1] ?? `unexpected ${req.url}`;
      const request = { trigger: decodeURIComponent(trigger), headers: req.headers, body };
      this.received.push(request);
      void Promise.resolve(this.answer(request)).then((status) =>
        res.writeHead(status).end(status === 200 ? '{"status":"acknowledged"}' : 'Error: the function threw'),
      );
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * Calls a function as firebase-tools' runtime does with a binary CloudEvent: the ce-* headers
 * become the event's attributes, the base64 protobuf body its data (decoded by the emulator hub).
 */
function invoke(fn: CloudFunction, request: Received): unknown {
  const event: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.headers)) if (name.startsWith('ce-')) event[name.slice(3)] = value;
  event.data = Buffer.from(request.body, 'base64');
  return fn(event);
}

describe('Firestore trigger deliveries', () => {
  let backend: RunningBackend;
  let functions: FunctionsStandIn;
  const logs: string[] = [];
  const url = (p: string) => `http://127.0.0.1:${backend.firestorePort}${p}`;
  const write = (path: string, fields: Record<string, unknown>) =>
    backend.engine.commit(DB, { writes: [{ update: { name: `${DB}/documents/${path}`, fields: fields as never } }] }, OWNER);
  const remove = (path: string) => backend.engine.commit(DB, { writes: [{ delete: `${DB}/documents/${path}` }] }, OWNER);

  /** Registers a function's trigger exactly as firebase-tools' Functions emulator does. */
  async function register(key: string, fn: CloudFunction, project = PROJECT): Promise<Response> {
    const { bundle, path } = FunctionsEmulator.prototype.getV2FirestoreAttributes(project, key, fn.__endpoint.eventTrigger);
    return fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: bundle });
  }

  beforeAll(async () => {
    // firebase-functions reads snapshots through the default Admin app (no request is made).
    if (!getApps().some((app) => app.name === '[DEFAULT]')) initializeApp({ projectId: PROJECT });
    functions = new FunctionsStandIn();
    const address = await functions.start();
    backend = await startBackend({
      firestorePort: 0,
      storagePort: 0,
      functionsEmulator: address,
      log: (line) => logs.push(line),
    });
  });
  afterAll(async () => {
    await backend.close();
    await functions.close();
    await Promise.all(getApps().map((app) => deleteApp(app)));
  });
  afterEach(async () => {
    await backend.triggers.idle();
    await fetch(url(`/emulator/v1/projects/${PROJECT}/eventarcTrigger`), { method: 'DELETE' });
    await backend.engine.reset();
    functions.received.length = 0;
    functions.answer = () => 200;
    logs.length = 0;
  });

  describe('registration', () => {
    it('takes the bundle firebase-tools posts and lists it', async () => {
      const fn = onDocumentUpdated('events/{eventId}', () => undefined) as unknown as CloudFunction;
      const reply = await register('us-central1-onEventUpdated-0', fn);
      expect(reply.status).toBe(200);
      const listed = (await (await fetch(url(`/emulator/v1/projects/${PROJECT}/eventarcTrigger`))).json()) as {
        triggers: unknown[];
      };
      expect(listed.triggers).toEqual([
        {
          id: 'us-central1-onEventUpdated-0',
          eventType: 'google.cloud.firestore.document.v1.updated',
          database: '(default)',
          document: { value: 'events/{eventId}', matchType: 'PATH_PATTERN' },
        },
      ]);
    });

    it('refuses a bundle it cannot serve with a message that says what is wrong', async () => {
      const post = (body: unknown, id = 'bad-0') =>
        fetch(url(`/emulator/v1/projects/${PROJECT}/eventarcTrigger?eventarcTriggerId=${id}`), {
          method: 'POST',
          body: JSON.stringify(body),
        });
      const good = { eventType: 'google.cloud.firestore.document.v1.written', database: '(default)', namespace: '(default)' };
      const cases: [unknown, RegExp][] = [
        [
          { ...good, eventType: 'google.cloud.pubsub.topic.v1.messagePublished', document: { value: 'a/b', matchType: 'EXACT' } },
          /eventType must be one of/,
        ],
        [{ ...good, document: { value: 'events', matchType: 'EXACT' } }, /names a collection, not a document/],
        [{ ...good, document: { value: 'events/{eventId', matchType: 'PATH_PATTERN' } }, /invalid segment "\{eventId"/],
        [{ ...good, document: { value: 'events/{id}', matchType: 'EXACT' } }, /EXACT document path has no wildcards/],
        [{ ...good, document: 'events/x' }, /document must be/],
      ];
      for (const [body, message] of cases) {
        const reply = await post(body);
        expect(reply.status).toBe(400);
        expect(((await reply.json()) as { error: { message: string } }).error.message).toMatch(message);
      }
      const noId = await fetch(url(`/emulator/v1/projects/${PROJECT}/eventarcTrigger`), {
        method: 'POST',
        body: JSON.stringify(good),
      });
      expect(((await noId.json()) as { error: { message: string } }).error.message).toMatch(/eventarcTriggerId/);
      expect(backend.triggers.list(PROJECT)).toEqual([]);
    });

    it('sends a project’s events to the Functions emulator named for it, and back to the default when unset', async () => {
      const own = new FunctionsStandIn();
      const ownAddress = await own.start();
      try {
        await register('written-0', onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction);
        const point = (address: string | null) =>
          fetch(url(`/emulator/v1/projects/${PROJECT}:functionsEmulator`), { method: 'PUT', body: JSON.stringify({ address }) });
        expect((await point(ownAddress)).status).toBe(200);
        await write('events/e1', {});
        await backend.triggers.idle();
        expect(own.received.map((r) => r.trigger)).toEqual(['written-0']);
        expect(functions.received).toEqual([]);

        expect((await point(null)).status).toBe(200);
        await write('events/e2', {});
        await backend.triggers.idle();
        expect(functions.received.map((r) => r.headers['ce-document'])).toEqual(['events/e2']);
        const bad = await point('not an address');
        expect(bad.status).toBe(400);
        expect(await bad.text()).toMatch(/host>:<port/);
      } finally {
        await own.close();
      }
    });

    it('answers a 1st-gen registration with a refusal naming the 2nd-gen API', async () => {
      const reply = await fetch(url(`/emulator/v1/projects/${PROJECT}/triggers/onWrite-0`), {
        method: 'PUT',
        body: JSON.stringify({ eventTrigger: { eventType: 'providers/cloud.firestore/eventTypes/document.write' } }),
      });
      expect(reply.status).toBe(501);
      expect(await reply.text()).toMatch(/2nd gen/);
    });
  });

  describe('matching', () => {
    it('delivers each kind of change to the triggers of its event type, with the path parameters', async () => {
      const seen: string[] = [];
      const note = (name: string) => (event: { params: Record<string, string> }) =>
        void seen.push(`${name} ${JSON.stringify(event.params)}`);
      const fns: Record<string, CloudFunction> = {
        created: onDocumentCreated('events/{eventId}', note('created')) as unknown as CloudFunction,
        updated: onDocumentUpdated('events/{eventId}', note('updated')) as unknown as CloudFunction,
        deleted: onDocumentDeleted('events/{eventId}', note('deleted')) as unknown as CloudFunction,
        written: onDocumentWritten('events/{eventId}', note('written')) as unknown as CloudFunction,
        nested: onDocumentWritten('events/{eventId}/rounds/{roundId}', note('nested')) as unknown as CloudFunction,
        exact: onDocumentWritten('presenters/p1', note('exact')) as unknown as CloudFunction,
      };
      for (const [name, fn] of Object.entries(fns)) expect((await register(`${name}-0`, fn)).status).toBe(200);

      await write('events/e1', { title: { stringValue: 'Demo day' } });
      await write('events/e1', { title: { stringValue: 'Demo day 2' } });
      await remove('events/e1');
      await write('events/e1/rounds/r1', {});
      await write('presenters/p1', {});
      await write('presenters/p2', {});
      await write('invites/i1', {});
      await backend.triggers.idle();

      const byTrigger = (trigger: string) =>
        functions.received.filter((r) => r.trigger === trigger).map((r) => r.headers['ce-type']);
      const type = (kind: string) => `google.cloud.firestore.document.v1.${kind}`;
      expect(byTrigger('created-0')).toEqual([type('created')]);
      expect(byTrigger('updated-0')).toEqual([type('updated')]);
      expect(byTrigger('deleted-0')).toEqual([type('deleted')]);
      expect(byTrigger('written-0')).toEqual([type('written'), type('written'), type('written')]);
      expect(byTrigger('nested-0')).toEqual([type('written')]);
      expect(byTrigger('exact-0')).toEqual([type('written')]);
      expect(functions.received).toHaveLength(8);

      for (const request of functions.received) await invoke(fns[request.trigger.replace(/-0$/, '')]!, request);
      expect(seen.sort()).toEqual(
        [
          'created {"eventId":"e1"}',
          'updated {"eventId":"e1"}',
          'deleted {"eventId":"e1"}',
          'written {"eventId":"e1"}',
          'written {"eventId":"e1"}',
          'written {"eventId":"e1"}',
          'nested {"eventId":"e1","roundId":"r1"}',
          'exact {}',
        ].sort(),
      );
    });

    it('fires only for the project that registered the trigger', async () => {
      const fn = onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction;
      await register('other-0', fn, 'demo-other');
      await write('events/e1', {});
      await backend.triggers.idle();
      expect(functions.received).toEqual([]);
    });

    it('does not fire for the emulator reset that clears a database', async () => {
      await write('events/e1', {});
      await register('written-0', onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction);
      const reset = await fetch(url(`/emulator/v1/projects/${PROJECT}/databases/(default)/documents`), { method: 'DELETE' });
      expect(reset.status).toBe(200);
      await backend.triggers.idle();
      expect(functions.received).toEqual([]);
    });
  });

  describe('payload', () => {
    it('carries the documents before and after, the changed fields and the CloudEvent attributes', async () => {
      const fn = onDocumentUpdated('events/{eventId}', (event) => ({
        params: event.params,
        before: event.data?.before.data(),
        after: event.data?.after.data(),
        document: event.document,
        subject: event.subject,
        source: event.source,
      })) as unknown as CloudFunction;
      await register('updated-0', fn);
      await write('events/e1', {
        title: { stringValue: 'Demo' },
        is_matching: { booleanValue: false },
        rounds: { mapValue: { fields: { a: { integerValue: '1' } } } },
      });
      const { commitTime } = await write('events/e1', {
        title: { stringValue: 'Demo' },
        is_matching: { booleanValue: true },
        rounds: { mapValue: { fields: { a: { integerValue: '2' } } } },
      });
      await backend.triggers.idle();

      expect(functions.received).toHaveLength(1);
      const [request] = functions.received as [Received];
      expect(request.headers).toMatchObject({
        'content-type': 'application/protobuf',
        'ce-specversion': '1.0',
        'ce-type': 'google.cloud.firestore.document.v1.updated',
        'ce-source': `//firestore.googleapis.com/projects/${PROJECT}/databases/(default)`,
        'ce-subject': 'documents/events/e1',
        'ce-time': commitTime,
        'ce-project': PROJECT,
        'ce-database': '(default)',
        'ce-namespace': '(default)',
        'ce-document': 'events/e1',
      });
      expect(request.headers['ce-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(await invoke(fn, request)).toEqual({
        params: { eventId: 'e1' },
        before: { title: 'Demo', is_matching: false, rounds: { a: 1 } },
        after: { title: 'Demo', is_matching: true, rounds: { a: 2 } },
        document: 'events/e1',
        subject: 'documents/events/e1',
        source: `//firestore.googleapis.com/projects/${PROJECT}/databases/(default)`,
      });
      // The decoder deployed functions use (not among the package's exports, so found by path).
      const protos = path.join(path.dirname(require.resolve('firebase-functions')), '../../protos/compiledFirestore.js');
      const { google } = require(protos) as {
        google: {
          events: {
            cloud: { firestore: { v1: { DocumentEventData: { decode(b: Buffer): { updateMask?: { fieldPaths: string[] } } } } } };
          };
        };
      };
      const data = google.events.cloud.firestore.v1.DocumentEventData.decode(Buffer.from(request.body, 'base64'));
      expect(data.updateMask?.fieldPaths).toEqual(['is_matching', 'rounds.a']);
    });

    it('gives a created document no before and a deleted one no after', async () => {
      const fn = onDocumentWritten('events/{eventId}', (event) => ({
        before: event.data?.before.exists ? event.data.before.data() : null,
        after: event.data?.after.exists ? event.data.after.data() : null,
      })) as unknown as CloudFunction;
      await register('written-0', fn);
      await write('events/e1', { n: { integerValue: '1' } });
      await remove('events/e1');
      await backend.triggers.idle();
      const outcomes = await Promise.all(functions.received.map((request) => invoke(fn, request)));
      expect(outcomes).toEqual([
        { before: null, after: { n: 1 } },
        { before: { n: 1 }, after: null },
      ]);
    });
  });

  describe('order and failures', () => {
    it('delivers one document’s changes in commit order, each after the previous was answered', async () => {
      await register('written-0', onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction);
      let open = 0;
      let mostOpen = 0;
      functions.answer = async () => {
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        await new Promise((resolve) => setImmediate(resolve));
        open -= 1;
        return 200;
      };
      for (let n = 1; n <= 10; n += 1) await write('events/e1', { n: { integerValue: String(n) } });
      await backend.triggers.idle();
      const fn = onDocumentWritten(
        'events/{eventId}',
        (event) => event.data?.after.get('n') as number,
      ) as unknown as CloudFunction;
      expect(await Promise.all(functions.received.map((request) => invoke(fn, request)))).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
      expect(mostOpen).toBe(1);
    });

    it('never holds a client’s write while a function runs', async () => {
      await register('written-0', onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction);
      let release: () => void = () => undefined;
      const held = new Promise<number>((resolve) => (release = () => resolve(200)));
      functions.answer = () => held;
      await write('events/e1', { n: { integerValue: '1' } });
      await expect.poll(() => functions.received.length).toBe(1);
      // The function has not answered; the next writes still commit at once.
      await write('events/e1', { n: { integerValue: '2' } });
      await write('events/e2', { n: { integerValue: '1' } });
      await expect.poll(() => functions.received.map((r) => r.headers['ce-document'])).toEqual(['events/e1', 'events/e2']);
      release();
      await backend.triggers.idle();
      expect(functions.received.map((r) => r.headers['ce-document'])).toEqual(['events/e1', 'events/e2', 'events/e1']);
    });

    it('holds each Functions emulator to four events at once, and one project’s slow functions hold back no other’s', async () => {
      const SLOW = 'demo-slow';
      const slowDb = `projects/${SLOW}/databases/(default)`;
      const slow = new FunctionsStandIn();
      const point = (address: string | null) =>
        fetch(url(`/emulator/v1/projects/${SLOW}:functionsEmulator`), { method: 'PUT', body: JSON.stringify({ address }) });
      let release: () => void = () => undefined;
      const held = new Promise<number>((resolve) => (release = () => resolve(200)));
      slow.answer = () => held;
      try {
        expect((await point(await slow.start())).status).toBe(200);
        const fn = onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction;
        await register('written-0', fn, SLOW);
        await register('written-0', fn);
        // Six documents of the slow project: four reach its emulator, two wait for a place.
        for (let n = 1; n <= 6; n += 1)
          await backend.engine.commit(
            slowDb,
            { writes: [{ update: { name: `${slowDb}/documents/events/e${n}`, fields: {} } }] },
            OWNER,
          );
        await expect.poll(() => slow.received.length).toBe(4);
        // Meanwhile the other project's event is delivered to its own emulator.
        await write('events/e1', {});
        await expect.poll(() => functions.received.map((r) => r.headers['ce-document'])).toEqual(['events/e1']);
        expect(slow.received).toHaveLength(4);
        release();
        await backend.triggers.idle();
        expect(slow.received.map((r) => r.headers['ce-document']).sort()).toEqual(
          ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'].map((id) => `events/${id}`),
        );
      } finally {
        release();
        await backend.triggers.idle();
        await fetch(url(`/emulator/v1/projects/${SLOW}/eventarcTrigger`), { method: 'DELETE' });
        await point(null);
        await slow.close();
      }
    });

    it('logs a function’s failure with its name and carries on with the next change', async () => {
      await register(
        'us-central1-onEventWritten-0',
        onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction,
      );
      functions.answer = (request) => (request.headers['ce-document'] === 'events/bad' ? 500 : 200);
      await write('events/bad', {});
      await write('events/good', {});
      await backend.triggers.idle();
      expect(functions.received.map((r) => r.headers['ce-document'])).toEqual(['events/bad', 'events/good']);
      expect(logs).toEqual([
        expect.stringMatching(
          /^Function us-central1-onEventWritten-0 \(written of events\/bad in demo-triggers\) failed: 500 Error: the function threw$/,
        ),
      ]);
    });
  });
});

/**
 * On a backend of the test's own: registers an onEventWritten function's trigger as firebase-tools
 * does, writes `documentPath` and waits until its event was answered or given up.
 */
async function writeWithTrigger(backend: RunningBackend, documentPath: string): Promise<void> {
  const fn = onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction;
  const { bundle, path } = FunctionsEmulator.prototype.getV2FirestoreAttributes(
    PROJECT,
    'us-central1-onEventWritten-0',
    fn.__endpoint.eventTrigger,
  );
  await fetch(`http://127.0.0.1:${backend.firestorePort}${path}`, { method: 'POST', body: bundle });
  await backend.engine.commit(DB, { writes: [{ update: { name: `${DB}/documents/${documentPath}`, fields: {} } }] }, OWNER);
  await backend.triggers.idle();
}

describe('a Firestore trigger event the function is slow to answer', () => {
  it('is logged once while it waits, with what it waits for, and delivered all the same', async () => {
    const logs: string[] = [];
    const functions = new FunctionsStandIn();
    let answered = false;
    // The function answers once the backend has said the event is waiting on it.
    functions.answer = async () => {
      await vi.waitFor(() => expect(logs.some((line) => line.includes('still waiting'))).toBe(true), { timeout: 10_000 });
      answered = true;
      return 200;
    };
    const backend = await startBackend({
      firestorePort: 0,
      storagePort: 0,
      functionsEmulator: await functions.start(),
      triggerSlowAfterMs: 100,
      log: (line) => logs.push(line),
    });
    try {
      await writeWithTrigger(backend, 'events/slow');
      expect(answered).toBe(true);
      expect(logs.filter((line) => line.startsWith('Function'))).toEqual([
        expect.stringMatching(
          /^Function us-central1-onEventWritten-0 \(written of events\/slow in demo-triggers\) is still waiting for the function's answer after 0\.1 s \(1 in flight to 127\.0\.0\.1:\d+, 0 waiting for a place\)$/,
        ),
      ]);
    } finally {
      await backend.close();
      await functions.close();
    }
  });
});

describe('Firestore trigger deliveries without a Functions emulator', () => {
  it('tries again, then logs the change it could not deliver; the backend keeps serving', async () => {
    const logs: string[] = [];
    // A port nothing listens on: bound, then released.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const backend = await startBackend({
      firestorePort: 0,
      storagePort: 0,
      functionsEmulator: `127.0.0.1:${port}`,
      triggerRetryDelaysMs: [10, 10],
      log: (line) => logs.push(line),
    });
    try {
      await writeWithTrigger(backend, 'events/e1');
      expect(logs.filter((line) => line.startsWith('Function'))).toEqual([
        expect.stringMatching(
          /^Function us-central1-onEventWritten-0 \(written of events\/e1 in demo-triggers\) was not delivered: .*ECONNREFUSED/,
        ),
      ]);
      expect(backend.engine.lookup(`${DB}/documents/events/e1`)).not.toBeNull();
    } finally {
      await backend.close();
    }
  });
});

describe('Firestore triggers with no Functions emulator at all', () => {
  it('drops their events, saying so once', async () => {
    const logs: string[] = [];
    const backend = await startBackend({ firestorePort: 0, storagePort: 0, log: (line) => logs.push(line) });
    try {
      const fn = onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction;
      const { bundle, path: registration } = FunctionsEmulator.prototype.getV2FirestoreAttributes(
        PROJECT,
        'written-0',
        fn.__endpoint.eventTrigger,
      );
      await fetch(`http://127.0.0.1:${backend.firestorePort}${registration}`, { method: 'POST', body: bundle });
      for (const id of ['e1', 'e2']) {
        await backend.engine.commit(DB, { writes: [{ update: { name: `${DB}/documents/events/${id}`, fields: {} } }] }, OWNER);
      }
      await backend.triggers.idle();
      expect(logs.filter((line) => line.includes('Firestore triggers'))).toEqual([
        `The Firestore triggers of ${PROJECT} have no Functions emulator to go to: their events are dropped.`,
      ]);
    } finally {
      await backend.close();
    }
  });
});

describe('Firestore trigger registrations across a restart', () => {
  it('keeps the triggers and the project’s Functions emulator in the data folder, and delivers after the restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'triggers-data-'));
    const functions = new FunctionsStandIn();
    const address = await functions.start();
    const start = () => startBackend({ firestorePort: 0, storagePort: 0, dataDir });
    try {
      const first = await start();
      const fn = onDocumentWritten('events/{eventId}', () => undefined) as unknown as CloudFunction;
      const { bundle, path: registration } = FunctionsEmulator.prototype.getV2FirestoreAttributes(
        PROJECT,
        'written-0',
        fn.__endpoint.eventTrigger,
      );
      await fetch(`http://127.0.0.1:${first.firestorePort}${registration}`, { method: 'POST', body: bundle });
      await fetch(`http://127.0.0.1:${first.firestorePort}/emulator/v1/projects/${PROJECT}:functionsEmulator`, {
        method: 'PUT',
        body: JSON.stringify({ address }),
      });
      await first.close();

      const second = await start();
      try {
        expect(second.triggers.list(PROJECT).map((trigger) => trigger.id)).toEqual(['written-0']);
        await second.engine.commit(DB, { writes: [{ update: { name: `${DB}/documents/events/e1`, fields: {} } }] }, OWNER);
        await second.triggers.idle();
        expect(functions.received.map((request) => `${request.trigger} ${String(request.headers['ce-document'])}`)).toEqual([
          'written-0 events/e1',
        ]);
      } finally {
        await second.close();
      }
    } finally {
      await functions.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
