// WebChannel on the wire, driven with raw HTTP: framing, handshake, forward channel, both
// backchannel modes, re-sending after a lost backchannel, terminate and unknown sessions.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../support/defined.js';
import { form, parseFrames, readUntil, startTestServer, type TestServer } from './support.js';

const DB = 'projects/demo-wc/databases/(default)';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire payloads, checked field by field
type Msg = Record<string, any>;

describe('WebChannel', () => {
  let server: TestServer;
  const channel = (method: 'Listen' | 'Write', query: Record<string, string>) =>
    `${server.url}/google.firestore.v1.Firestore/${method}/channel?${new URLSearchParams({ VER: '8', database: DB, ...query })}`;

  async function handshake(method: 'Listen' | 'Write', first: unknown, headers = 'Authorization:Bearer owner\r\n') {
    const res = await fetch(channel(method, { RID: '1000', CVER: '22', 'X-HTTP-Session-Id': 'gsessionid', t: '1' }), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ headers, count: '1', ofs: '0', req0___data__: JSON.stringify(first) }),
    });
    const body = await res.text();
    const [arrays] = parseFrames(body) as [unknown[][]];
    const [, c] = arrays[0] as [number, [string, string, string, number, number, number]];
    return { res, body, arrays, sid: c[1], c };
  }

  const payloads = (arrays: unknown[][]) => arrays.map((a) => (a[1] as unknown[])[0]);

  beforeAll(async () => {
    server = await startTestServer({ webChannel: { longPollHoldMs: 300, noopIntervalMs: 200, idleSessionMs: 400 } });
    await server.engine.commit(
      DB,
      { writes: [{ update: { name: `${DB}/documents/rooms/r1`, fields: { title: { stringValue: 'é✓😀 café' } } } }] },
      { identity: { admin: true, auth: null } },
    );
  });
  afterAll(() => server.close());

  it('answers the handshake with the "c" array and the first messages, lengths in UTF-16 code units', async () => {
    const { res, body, arrays, sid, c } = await handshake('Listen', {
      database: DB,
      addTarget: { documents: { documents: [`${DB}/documents/rooms/r1`] }, targetId: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-http-session-id')).toBe(sid);
    expect(c).toEqual(['c', sid, '', 8, 14, 30000]);
    // The declared length matches the JS string length, not the UTF-8 byte count.
    const declared = Number(body.slice(0, body.indexOf('\n')));
    expect(declared).toBe(body.length - body.indexOf('\n') - 1);
    expect(declared).toBeLessThan(Buffer.byteLength(body.slice(body.indexOf('\n') + 1)));

    const messages = payloads(arrays.slice(1)) as Msg[];
    expect(messages[0]).toEqual({ targetChange: { targetChangeType: 'ADD', targetIds: [2] } });
    expect(messages[1]?.documentChange.document.fields.title.stringValue).toBe('é✓😀 café');
    expect(messages[2]?.targetChange).toMatchObject({ targetChangeType: 'CURRENT', targetIds: [2] });
    const noChange = defined(messages[3], 'The NO_CHANGE message');
    expect(noChange.targetChange).toMatchObject({ targetChangeType: 'NO_CHANGE' });
    expect(noChange.targetChange.targetIds).toBeUndefined();
    expect(typeof noChange.targetChange.readTime).toBe('string');
    expect(arrays.map((a) => a[0])).toEqual([0, 1, 2, 3, 4]);
  });

  it('a Write handshake returns streamId and streamToken; writes are acknowledged on the backchannel in order', async () => {
    const { arrays, sid } = await handshake('Write', { database: DB });
    const [reply] = payloads(arrays.slice(1)) as { streamId: string; streamToken: string }[];
    const hello = defined(reply, 'The Write handshake reply');
    expect(hello.streamId).toBeTruthy();
    expect(hello.streamToken).toBeTruthy();

    const write = (id: string) => ({ update: { name: `${DB}/documents/w/${id}`, fields: { n: { integerValue: '1' } } } });
    const post = await fetch(channel('Write', { SID: sid, RID: '1001', AID: '1' }), {
      method: 'POST',
      body: form({
        count: '2',
        ofs: '1',
        req0___data__: JSON.stringify({ streamToken: hello.streamToken, writes: [write('a')] }),
        req1___data__: JSON.stringify({ streamToken: hello.streamToken, writes: [write('b'), write('c')] }),
      }),
    });
    const ack = parseFrames(await post.text())[0] as number[];
    expect(ack).toHaveLength(3);

    const get = await fetch(channel('Write', { SID: sid, RID: 'rpc', AID: '1', CI: '1', TYPE: 'xmlhttp' }));
    const text = await get.text();
    const results = (parseFrames(text)[0] as unknown[][]).map((a) => defined((a[1] as Msg[])[0], 'A write response'));
    expect(results.map((r) => r.writeResults.length)).toEqual([1, 2]);
    for (const r of results) {
      expect(r.streamToken).toBeTruthy();
      expect(r.commitTime).toBeTruthy();
    }
    expect(server.engine.lookup(`${DB}/documents/w/c`)).not.toBeNull();
  });

  it('a retried forward POST is not applied twice (messages are de-duplicated by id)', async () => {
    const { sid, arrays } = await handshake('Write', { database: DB });
    const [reply] = payloads(arrays.slice(1)) as { streamToken: string }[];
    const hello = defined(reply, 'The Write handshake reply');
    const body = form({
      count: '1',
      ofs: '1',
      req0___data__: JSON.stringify({
        streamToken: hello.streamToken,
        writes: [
          {
            transform: {
              document: `${DB}/documents/w/counter`,
              fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
            },
          },
        ],
      }),
    });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(channel('Write', { SID: sid, RID: '1001', AID: '1' }), { method: 'POST', body });
      expect(res.status).toBe(200);
      await res.text();
    }
    const get = await fetch(channel('Write', { SID: sid, RID: 'rpc', AID: '1', CI: '1', TYPE: 'xmlhttp' }));
    const results = parseFrames(await get.text())[0] as unknown[][];
    expect(results).toHaveLength(1);
    expect(server.engine.lookup(`${DB}/documents/w/counter`)?.fields?.n).toEqual({ integerValue: '1' });
  });

  it('an idle long-poll is held and then ended with a noop, never empty', async () => {
    const { sid, arrays } = await handshake('Listen', {
      database: DB,
      addTarget: { documents: { documents: [`${DB}/documents/rooms/none`] }, targetId: 2 },
    });
    const aid = String(defined(arrays.at(-1), 'The last handshake array')[0]);
    const started = Date.now();
    const get = await fetch(channel('Listen', { SID: sid, RID: 'rpc', AID: aid, CI: '1', TYPE: 'xmlhttp' }));
    const text = await get.text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const [chunk] = parseFrames(text) as unknown[][][];
    expect(chunk).toHaveLength(1);
    expect(chunk?.[0]?.[1]).toEqual(['noop']);
    expect(chunk?.[0]?.[0]).toBeGreaterThan(Number(aid));
  });

  it('a streaming backchannel gets bytes at once, keepalive noops, and later changes', async () => {
    const { sid, arrays } = await handshake('Listen', {
      database: DB,
      addTarget: { documents: { documents: [`${DB}/documents/rooms/live`] }, targetId: 4 },
    });
    const aid = String(defined(arrays.at(-1), 'The last handshake array')[0]);
    const get = await fetch(channel('Listen', { SID: sid, RID: 'rpc', AID: aid, CI: '0', TYPE: 'xmlhttp' }));
    const opened = Date.now();
    let firstBytesAfter = -1;
    setTimeout(() => {
      void server.engine.commit(
        DB,
        { writes: [{ update: { name: `${DB}/documents/rooms/live`, fields: { on: { booleanValue: true } } } }] },
        { identity: { admin: true, auth: null } },
      );
    }, 450);
    const text = await readUntil(
      get,
      (t) => {
        if (firstBytesAfter < 0 && t.includes('noop')) firstBytesAfter = Date.now() - opened;
        return t.includes('documentChange') && t.includes('NO_CHANGE');
      },
      3000,
    );
    expect(firstBytesAfter).toBeGreaterThanOrEqual(0);
    expect(firstBytesAfter).toBeLessThan(150);
    const noops = parseFrames(text).flatMap((c) => (c as unknown[][]).filter((a) => (a[1] as string[])[0] === 'noop'));
    expect(noops.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('"booleanValue":true');
  });

  it('re-sends arrays the client has not acknowledged when a new backchannel arrives', async () => {
    const { sid } = await handshake('Listen', {
      database: DB,
      addTarget: { documents: { documents: [`${DB}/documents/rooms/r1`] }, targetId: 2 },
    });
    // AID=0: the client says it received only the "c" array, so ADD…NO_CHANGE come again.
    const get = await fetch(channel('Listen', { SID: sid, RID: 'rpc', AID: '0', CI: '1', TYPE: 'xmlhttp' }));
    const arrays = parseFrames(await get.text())[0] as unknown[][];
    expect(arrays.map((a) => a[0])).toEqual([1, 2, 3, 4]);
    expect((defined(arrays[0], 'The re-sent ADD array')[1] as Msg[])[0]?.targetChange.targetChangeType).toBe('ADD');
  });

  it('answers an unknown SID with 400 "Unknown SID", so the SDK opens a new channel', async () => {
    const get = await fetch(channel('Listen', { SID: 'nope', RID: 'rpc', AID: '0', CI: '0', TYPE: 'xmlhttp' }));
    expect(get.status).toBe(400);
    const text = await get.text();
    expect(text.indexOf('Unknown SID')).toBeGreaterThan(0);
    const post = await fetch(channel('Listen', { SID: 'nope', RID: '5', AID: '0' }), {
      method: 'POST',
      body: form({ count: '0' }),
    });
    expect(post.status).toBe(400);
  });

  it('terminate (GET or POST) ends the session', async () => {
    for (const method of ['GET', 'POST']) {
      const { sid } = await handshake('Write', { database: DB });
      const bye = await fetch(channel('Write', { SID: sid, RID: '7', TYPE: 'terminate' }), { method });
      expect(bye.status).toBe(200);
      const after = await fetch(channel('Write', { SID: sid, RID: 'rpc', AID: '0', CI: '1', TYPE: 'xmlhttp' }));
      expect(after.status).toBe(400);
      await after.text();
    }
  });

  it('reaps a session whose client vanished', async () => {
    const { sid } = await handshake('Write', { database: DB });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const after = await fetch(channel('Write', { SID: sid, RID: 'rpc', AID: '0', CI: '1', TYPE: 'xmlhttp' }));
    expect(after.status).toBe(400);
    await after.text();
  });

  it('a malformed token fails the stream with UNAUTHENTICATED in the stream error shape', async () => {
    const { arrays } = await handshake(
      'Listen',
      { database: DB, addTarget: { documents: { documents: [`${DB}/documents/a/b`] }, targetId: 2 } },
      'Authorization:Bearer not-a-jwt\r\n',
    );
    expect(payloads(arrays.slice(1))).toEqual([{ error: { code: 16, status: 'UNAUTHENTICATED', message: expect.any(String) } }]);
  });

  it('a write rejected by the engine fails the stream with its status', async () => {
    const { sid, arrays } = await handshake('Write', { database: DB });
    const [reply] = payloads(arrays.slice(1)) as { streamToken: string }[];
    const hello = defined(reply, 'The Write handshake reply');
    await fetch(channel('Write', { SID: sid, RID: '2', AID: '1' }), {
      method: 'POST',
      body: form({
        count: '1',
        ofs: '1',
        req0___data__: JSON.stringify({
          streamToken: hello.streamToken,
          writes: [{ update: { name: `${DB}/documents/rooms/r1`, fields: {} }, currentDocument: { exists: false } }],
        }),
      }),
    }).then((r) => r.text());
    const get = await fetch(channel('Write', { SID: sid, RID: 'rpc', AID: '1', CI: '1', TYPE: 'xmlhttp' }));
    const [error] = payloads(parseFrames(await get.text())[0] as unknown[][]) as { error: { status: string } }[];
    expect(error?.error.status).toBe('ALREADY_EXISTS');
  });
});
