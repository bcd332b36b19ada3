// The Watch protocol as the SDK's spec tests (packages/firestore/test/unit/specs: listen, offline,
// resume token, limbo, the target lifecycle) expect the server to answer, checked at the wire over
// gRPC and WebChannel alike: one ADD per addTarget and one REMOVE per removeTarget (the SDK asserts
// it, `ca9`), CURRENT and a global NO_CHANGE with read times and resume tokens, a target re-added
// on the same stream and on a new one after a restart or a network drop, and a resume token older
// than the backend keeps.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';
import type { ListenRequest, ListenResponse } from '../../../backend/src/firestore/types.js';
import { encodeResumeToken, parseTimestamp } from '../../../backend/src/firestore/watch.js';
import { defined } from '../../support/defined.js';
import { openListenClient, type ListenClient, type Transport } from './listenClients.js';

const ADMIN = { identity: { admin: true, auth: null } };
/** A removeTarget of a target no one added: its REMOVE marks where the answers to earlier requests end. */
const BARRIER = 999_999;

let backend: RunningBackend;
beforeAll(async () => {
  // Streaming backchannels are renewed every 100 ms and long polls held 100 ms, so scenarios cross
  // many backchannels: an array re-sent on a new one where the client had taken it counts twice.
  backend = await startBackend({ firestorePort: 0, storagePort: 0, webChannel: { streamRotateMs: 100, longPollHoldMs: 100 } });
});
afterAll(() => backend?.close());

/** What one test works on: its own database, documents, and the streams it opened. */
function setUp(transport: Transport, test: string) {
  const database = `projects/listen-${transport.toLowerCase().replace(/\W+/g, '-')}-${test}/databases/(default)`;
  const name = (path: string) => `${database}/documents/${path}`;
  const clients: ListenClient[] = [];
  const open = (): ListenClient => {
    const client = openListenClient(transport, { host: backend.host, port: backend.firestorePort }, database);
    clients.push(client);
    return client;
  };
  const set = (path: string, score: number) =>
    backend.engine.commit(
      database,
      { writes: [{ update: { name: name(path), fields: { score: { integerValue: String(score) } } } }] },
      ADMIN,
    );
  const remove = (path: string) => backend.engine.commit(database, { writes: [{ delete: name(path) }] }, ADMIN);
  const scores = (targetId: number, extra: Partial<NonNullable<ListenRequest['addTarget']>> = {}): ListenRequest => ({
    database,
    addTarget: {
      targetId,
      query: { parent: `${database}/documents`, structuredQuery: { from: [{ collectionId: 'scores' }] } },
      ...extra,
    },
  });
  const doc = (targetId: number, path: string, extra: Partial<NonNullable<ListenRequest['addTarget']>> = {}): ListenRequest => ({
    database,
    addTarget: { targetId, documents: { documents: [name(path)] }, ...extra },
  });
  /** Every answer to the requests and commits so far, barrier left out, from `from` on. */
  const settle = async (client: ListenClient, from = 0): Promise<string[]> => {
    const barrier = (r: ListenResponse) =>
      r.targetChange?.targetChangeType === 'REMOVE' && r.targetChange.targetIds?.[0] === BARRIER;
    const before = client.received.filter(barrier).length;
    client.send({ database, removeTarget: BARRIER });
    while (client.received.filter(barrier).length === before) await client.waitForCount(client.received.length + 1);
    return kinds(client.received.slice(from));
  };
  const done = async () => {
    for (const client of clients) {
      expect(client.overAcknowledged, 'Acknowledgements beyond the requests (the SDK asserts ca9)').toEqual([]);
      await client.close();
    }
  };
  return { database, name, open, set, remove, scores, doc, settle, done };
}

/** Responses in short: `ADD 2`, `change b +2`, `change b -2`, `delete c -2`, `remove a -2`, `CURRENT 2`, `NO_CHANGE`. */
function kinds(responses: ListenResponse[]): string[] {
  const last = (n: string) => n.split('/').pop();
  return responses.map((r) => {
    if (r.targetChange) {
      const ids = r.targetChange.targetIds ?? [];
      return [r.targetChange.targetChangeType, ...ids, ...(r.targetChange.cause ? ['cause'] : [])].join(' ');
    }
    if (r.documentChange) {
      const { document, targetIds = [], removedTargetIds = [] } = r.documentChange;
      return `change ${last(document.name)} ${[...targetIds.map((t) => `+${t}`), ...removedTargetIds.map((t) => `-${t}`)].join(' ')}`;
    }
    if (r.documentDelete)
      return `delete ${last(r.documentDelete.document)} ${(r.documentDelete.removedTargetIds ?? []).map((t) => `-${t}`).join(' ')}`;
    if (r.documentRemove)
      return `remove ${last(r.documentRemove.document)} ${(r.documentRemove.removedTargetIds ?? []).map((t) => `-${t}`).join(' ')}`;
    return `filter ${r.filter?.targetId}`;
  });
}

/** The last global NO_CHANGE's resume token and read time. */
function lastGlobal(client: ListenClient): { resumeToken: string; readTime: string } {
  const change = client.received
    .filter((r) => r.targetChange?.targetChangeType === 'NO_CHANGE' && !r.targetChange.targetIds?.length)
    .at(-1)?.targetChange;
  return { resumeToken: defined(change?.resumeToken, 'A resume token'), readTime: defined(change?.readTime, 'A read time') };
}

type Env = ReturnType<typeof setUp>;

const scenarios: [string, (env: Env) => Promise<void>][] = [
  [
    'a listen: ADD, the documents, CURRENT with a resume token and read time, then a global NO_CHANGE',
    async ({ open, set, scores, settle }) => {
      await set('scores/a', 1);
      await set('scores/b', 2);
      const client = open();
      client.send(scores(2));
      expect(await settle(client)).toEqual(['ADD 2', 'change a +2', 'change b +2', 'CURRENT 2', 'NO_CHANGE', 'REMOVE 999999']);
      const current = defined(client.received[3]?.targetChange, 'CURRENT');
      expect(current.resumeToken).toBeTruthy();
      expect(parseTimestamp(defined(current.readTime, 'CURRENT read time'))).not.toBeNull();
      const global = defined(client.received[4]?.targetChange, 'The global NO_CHANGE');
      expect(global.targetIds ?? []).toEqual([]);
      expect(global.resumeToken).toBeTruthy();
      expect(global.readTime).toBe(current.readTime);
    },
  ],
  [
    'one REMOVE per removeTarget, and nothing for the target after it',
    async ({ open, set, scores, settle, database }) => {
      await set('scores/a', 1);
      const client = open();
      client.send(scores(2));
      await settle(client);
      const from = client.received.length;
      client.send({ database, removeTarget: 2 });
      expect(await settle(client, from)).toEqual(['REMOVE 2', 'REMOVE 999999']);
      const after = client.received.length;
      await set('scores/a', 5);
      expect(await settle(client, after)).toEqual(['REMOVE 999999']);
    },
  ],
  [
    'a target removed and added again at once on one stream (a relisten, an existence-filter reset): REMOVE, then one ADD and its documents',
    async ({ open, set, scores, settle, database }) => {
      await set('scores/a', 1);
      const client = open();
      client.send(scores(2));
      await settle(client);
      const from = client.received.length;
      client.send({ database, removeTarget: 2 });
      client.send(scores(2));
      expect(await settle(client, from)).toEqual(['REMOVE 2', 'ADD 2', 'change a +2', 'CURRENT 2', 'NO_CHANGE', 'REMOVE 999999']);
      const next = client.received.length;
      await set('scores/b', 2);
      expect(await settle(client, next)).toEqual(['change b +2', 'NO_CHANGE', 'REMOVE 999999']);
    },
  ],
  [
    'a commit between removeTarget and the re-add reaches the client once, in the re-added target',
    async ({ open, set, scores, settle, database }) => {
      await set('scores/a', 1);
      const client = open();
      client.send(scores(2));
      await settle(client);
      const from = client.received.length;
      client.send({ database, removeTarget: 2 });
      await settle(client);
      await set('scores/a', 7);
      client.send(scores(2));
      expect(await settle(client, from)).toEqual([
        'REMOVE 2',
        'REMOVE 999999',
        'ADD 2',
        'change a +2',
        'CURRENT 2',
        'NO_CHANGE',
        'REMOVE 999999',
      ]);
    },
  ],
  [
    'two targets: each its own ADD and CURRENT; a commit touching both is one change naming both',
    async ({ open, set, scores, doc, settle }) => {
      await set('scores/a', 1);
      const client = open();
      client.send(scores(2));
      client.send(doc(4, 'scores/a'));
      expect(await settle(client)).toEqual([
        'ADD 2',
        'change a +2',
        'CURRENT 2',
        'NO_CHANGE',
        'ADD 4',
        'change a +4',
        'CURRENT 4',
        'NO_CHANGE',
        'REMOVE 999999',
      ]);
      const from = client.received.length;
      await set('scores/a', 3);
      expect(await settle(client, from)).toEqual(['change a +2 +4', 'NO_CHANGE', 'REMOVE 999999']);
    },
  ],
  [
    'a limbo document (a documents target on a deleted document): ADD, CURRENT and NO_CHANGE with no document, then its REMOVE',
    async ({ open, doc, settle, database }) => {
      const client = open();
      client.send(doc(1, 'scores/gone'));
      expect(await settle(client)).toEqual(['ADD 1', 'CURRENT 1', 'NO_CHANGE', 'REMOVE 999999']);
      const from = client.received.length;
      client.send({ database, removeTarget: 1 });
      expect(await settle(client, from)).toEqual(['REMOVE 1', 'REMOVE 999999']);
    },
  ],
  [
    'a stream restarted after a token change: the target re-added with the newest token gets only what changed since',
    async ({ open, set, scores, settle }) => {
      await set('scores/a', 1);
      const first = open();
      first.send(scores(2));
      await settle(first);
      await set('scores/b', 2);
      await settle(first);
      const token = lastGlobal(first);
      await first.close();
      await set('scores/c', 3);
      const second = open();
      second.send(scores(2, { resumeToken: token.resumeToken, expectedCount: 2 }));
      expect(await settle(second)).toEqual(['ADD 2', 'change c +2', 'CURRENT 2', 'NO_CHANGE', 'REMOVE 999999']);
      const readTime = defined(second.received[3]?.targetChange?.readTime, 'The read time');
      expect(parseTimestamp(readTime)! >= parseTimestamp(token.readTime)!).toBe(true);
    },
  ],
  [
    'after a network drop the re-added targets on a new stream get one ADD each, the missed changes, CURRENT and NO_CHANGE',
    async ({ open, set, remove, scores, doc, settle }) => {
      await set('scores/a', 1);
      await set('scores/b', 2);
      const first = open();
      first.send(scores(2));
      first.send(doc(4, 'events/e'));
      await settle(first);
      const token = lastGlobal(first);
      first.drop();
      await set('scores/a', 9);
      await remove('scores/b');
      const second = open();
      second.send(scores(2, { resumeToken: token.resumeToken, expectedCount: 2 }));
      second.send(doc(4, 'events/e', { resumeToken: token.resumeToken, expectedCount: 0 }));
      const seen = await settle(second);
      expect(seen[0]).toBe('ADD 2');
      // Within one snapshot the order of changes does not matter to the SDK.
      expect(seen.slice(1, 3).sort()).toEqual(['change a +2', 'delete b -2']);
      expect(seen.slice(3)).toEqual(['CURRENT 2', 'NO_CHANGE', 'ADD 4', 'CURRENT 4', 'NO_CHANGE', 'REMOVE 999999']);
      const from = second.received.length;
      await set('events/e', 1);
      expect(await settle(second, from)).toEqual(['change e +4', 'NO_CHANGE', 'REMOVE 999999']);
    },
  ],
  [
    'a resumed target with nothing changed: ADD, CURRENT and NO_CHANGE at a read time not before the token',
    async ({ open, set, scores, settle }) => {
      await set('scores/a', 1);
      const first = open();
      first.send(scores(2));
      await settle(first);
      const token = lastGlobal(first);
      await first.close();
      const second = open();
      second.send(scores(2, { resumeToken: token.resumeToken, expectedCount: 1 }));
      expect(await settle(second)).toEqual(['ADD 2', 'CURRENT 2', 'NO_CHANGE', 'REMOVE 999999']);
      const readTime = defined(second.received[2]?.targetChange?.readTime, 'The read time');
      expect(parseTimestamp(readTime)! >= parseTimestamp(token.readTime)!).toBe(true);
    },
  ],
  [
    'a resume token older than the backend keeps: ADD, RESET, the whole result, CURRENT',
    async ({ open, set, scores, settle }) => {
      await set('scores/a', 1);
      await set('scores/b', 2);
      const client = open();
      const old = encodeResumeToken('2001-01-01T00:00:00.000000Z', '2001-01-01T00:00:00.000000Z');
      client.send(scores(2, { resumeToken: old, expectedCount: 5 }));
      expect(await settle(client)).toEqual([
        'ADD 2',
        'RESET 2',
        'change a +2',
        'change b +2',
        'CURRENT 2',
        'NO_CHANGE',
        'REMOVE 999999',
      ]);
    },
  ],
];

describe.each<Transport>(['gRPC', 'WebChannel long-poll', 'WebChannel streaming'])('the Listen protocol over %s', (transport) => {
  it.each(scenarios.map(([title, run], i) => ({ title, run, i })))('$title', async ({ run, i }) => {
    const env = setUp(transport, `s${i}`);
    await run(env);
    await env.done();
  });
});
