// A browser holds at most six HTTP/1.1 connections to one host per profile, and every WebChannel
// it opens holds one for its backchannel: the backend holds only a few backchannels of one pool
// of connections at once, ending the one held longest (as a complete response, which its client
// reopens), so a profile's writes and new listens are never queued behind held backchannels. It
// knows a pool by the connections its sessions' requests share; contexts of one browser that
// share none are each held, one of them ended now and then (a probe) to find a profile whose
// connections are all held.

import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { form, parseFrames, startTestServer, type TestServer } from './support.js';

const DB = 'projects/demo-conn/databases/(default)';
const ORIGIN = 'http://127.0.0.1:5000';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0';

interface HeldBackchannel {
  /** Everything received so far. */
  text: () => string;
  /** Resolves with the whole body when the server ends the response. */
  ended: Promise<string>;
  ok: () => boolean;
  close: () => void;
}

describe('WebChannel backchannels of one browser', () => {
  let server: TestServer | undefined;
  /** The handshakes' connection: one kept alive, as a page's requests reuse theirs. */
  let page = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterEach(async () => {
    page.destroy();
    page = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await server?.close();
    server = undefined;
  });

  const url = (query: Record<string, string>) =>
    `${server?.url}/google.firestore.v1.Firestore/Listen/channel?${new URLSearchParams({ VER: '8', database: DB, ...query })}`;

  /**
   * Opens a Listen session (the handshake, as the web SDK sends it); returns its SID. Over
   * `agent`'s connections, else over one shared keep-alive connection: the sessions of one page.
   */
  async function openSession(headers: Record<string, string>, agent: http.Agent | false = page): Promise<string> {
    const body = await post(
      url({ RID: '1', CVER: '22' }),
      form({ headers: 'Authorization:Bearer owner\r\n', count: '0', ofs: '0' }),
      headers,
      agent,
    );
    const [arrays] = parseFrames(body) as [unknown[][]];
    return (arrays[0] as [number, [string, string]])[1][1];
  }

  /** A form POST; resolves with the response's body. */
  function post(target: string, body: string, headers: Record<string, string>, agent: http.Agent | false): Promise<string> {
    return new Promise((resolve, reject) => {
      const request = http.request(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        agent,
      });
      request.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
        res.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  /** A backchannel GET (on a connection of its own unless `agent` is given), read as it arrives. */
  function backchannel(
    sid: string,
    mode: 'streaming' | 'long-poll',
    headers: Record<string, string>,
    agent: http.Agent | false = false,
  ): HeldBackchannel {
    let body = '';
    let done = false;
    const request = http.get(url({ SID: sid, RID: 'rpc', AID: '0', CI: mode === 'streaming' ? '0' : '1', TYPE: 'xmlhttp' }), {
      headers,
      agent,
    });
    const ended = new Promise<string>((resolve, reject) => {
      request.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          done = true;
          resolve(body);
        });
      });
      request.on('error', reject);
    });
    ended.catch(() => {});
    return { text: () => body, ended, ok: () => !done, close: () => request.destroy() };
  }

  async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  for (const mode of ['streaming', 'long-poll'] as const) {
    it(`a fifth ${mode} backchannel of one page ends the one held longest, as a complete response`, async () => {
      server = await startTestServer({ webChannel: { minHoldMs: 100, longPollHoldMs: 60_000 } });
      const browser = { origin: ORIGIN, 'user-agent': CHROME };
      const held: HeldBackchannel[] = [];
      for (let i = 0; i < 4; i++) {
        held.push(backchannel(await openSession(browser), mode, browser));
        // In order: the first is the one held longest.
        const current = held[i] as HeldBackchannel;
        await until(() => server?.requests.filter((r) => r.startsWith('GET')).length === i + 1, 'the GET');
        if (mode === 'streaming') await until(() => current.text().includes('noop'), 'the first bytes');
      }
      const fifth = backchannel(await openSession(browser), mode, browser);

      // The first ends with well-framed arrays the client reads (a noop when it had nothing).
      const first = held[0] as HeldBackchannel;
      await until(() => !first.ok(), 'the first backchannel to end');
      const body = await first.ended;
      const arrays = parseFrames(body).flat() as [number, string[]][];
      expect(arrays.length).toBeGreaterThan(0);
      expect(arrays.at(-1)?.[1]).toEqual(['noop']);
      // The other four stay held: they still answer as open responses once the first has ended.
      expect(held.slice(1).map((b) => b.ok())).toEqual([true, true, true]);
      expect(fifth.ok()).toBe(true);
      for (const b of [...held, fifth]) b.close();
    });
  }

  it("another browser's backchannels, and a client that is no browser, are held as long as ever", async () => {
    server = await startTestServer({ webChannel: { minHoldMs: 100, longPollHoldMs: 60_000 } });
    const phone = { origin: ORIGIN, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile' };
    const laptop = { origin: ORIGIN, 'user-agent': CHROME };
    const node = {};
    const others = [
      ...(await Promise.all([0, 1, 2].map(async () => backchannel(await openSession(phone), 'long-poll', phone)))),
      ...(await Promise.all([0, 1].map(async () => backchannel(await openSession(node), 'long-poll', node)))),
    ];
    await until(() => server?.requests.filter((r) => r.startsWith('GET')).length === 5, 'the five GETs');
    // The laptop crowds its own connections: its first backchannel is ended, no one else's.
    const laptops: HeldBackchannel[] = [];
    for (let i = 0; i < 5; i++) laptops.push(backchannel(await openSession(laptop), 'long-poll', laptop));
    await until(() => !(laptops[0] as HeldBackchannel).ok(), "the laptop's first backchannel to end");
    expect(others.map((b) => b.ok())).toEqual([true, true, true, true, true]);
    for (const b of [...others, ...laptops]) b.close();
  });

  it('contexts that share no connection are each held: one backchannel is ended per probe, the one held longest', async () => {
    const minHoldMs = 1_000;
    server = await startTestServer({ webChannel: { minHoldMs, longPollHoldMs: 60_000 } });
    const browser = { origin: ORIGIN, 'user-agent': CHROME };
    // Eight contexts of one Chromium: one address, one User-Agent, each its own connections.
    const held: HeldBackchannel[] = [];
    for (let i = 0; i < 8; i++) held.push(backchannel(await openSession(browser, false), 'long-poll', browser));
    const ended: { index: number; at: number }[] = [];
    held.forEach(
      (b, index) =>
        void b.ended.then(
          () => ended.push({ index, at: Date.now() }),
          () => undefined,
        ),
    );
    await until(() => ended.length >= 2, 'two backchannels to end');
    const [first, second] = ended as [{ index: number; at: number }, { index: number; at: number }];
    // The longest held first, then the next a probe later (a limit per browser would have ended
    // the four held longest together, a second after each opened).
    expect([first.index, second.index]).toEqual([0, 1]);
    expect(second.at - first.at).toBeGreaterThanOrEqual(minHoldMs / 2);
    for (const b of held) b.close();
  });

  it("one profile's requests queued behind its six held backchannels get a connection, and the profile is held to the limit", async () => {
    server = await startTestServer({ webChannel: { minHoldMs: 100, longPollHoldMs: 60_000 } });
    const browser = { origin: ORIGIN, 'user-agent': CHROME };
    // A profile as a browser holds it: six connections to the host, a request past them waits for one.
    const profile = new http.Agent({ keepAlive: true, maxSockets: 6 });
    try {
      // Seven pages' channels, opened one after the other on the profile's connections: the
      // seventh handshake waits until a held backchannel ends.
      const held: HeldBackchannel[] = [];
      const sids: string[] = [];
      for (let i = 0; i < 7; i++) {
        const sid = await openSession(browser, profile);
        sids.push(sid);
        held.push(backchannel(sid, 'long-poll', browser, profile));
        // The seventh GET, too, waits for a connection.
        if (i < 6) await until(() => server?.requests.filter((r) => r.startsWith('GET')).length === i + 1, 'the GET');
      }
      // A write of the first page, sent once all seven are open, is answered too.
      const answer = await post(
        url({ SID: sids[0] as string, RID: '2', AID: '0' }),
        form({ count: '0', ofs: '0' }),
        browser,
        profile,
      );
      expect(parseFrames(answer)).toHaveLength(1);
      // The profile is held to four: at least three of the seven have ended.
      await until(() => held.filter((b) => !b.ok()).length >= 3, 'three of the seven backchannels to end');
      for (const b of held) b.close();
    } finally {
      profile.destroy();
    }
  });

  it("the emulator's channels endpoint counts a database's sessions and held backchannels per User-Agent", async () => {
    server = await startTestServer({ webChannel: { longPollHoldMs: 60_000 } });
    const laptop = { origin: ORIGIN, 'user-agent': CHROME };
    const phone = { origin: ORIGIN, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile' };
    const counts = async () => {
      const res = await fetch(`${server?.url}/emulator/v1/projects/demo-conn/databases/(default)/channels`);
      expect(res.status).toBe(200);
      return (await res.json()) as unknown;
    };
    const held = backchannel(await openSession(laptop), 'long-poll', laptop);
    await openSession(laptop);
    await openSession(phone);
    await until(() => server?.requests.some((r) => r.startsWith('GET')) === true, 'the GET');
    expect(await counts()).toEqual({
      sessions: 3,
      backchannels: 1,
      byUserAgent: { [CHROME]: { sessions: 2, backchannels: 1 }, [phone['user-agent']]: { sessions: 1, backchannels: 0 } },
    });
    // The page goes away: its backchannel is released at once (its session when it is reaped).
    held.close();
    const deadline = Date.now() + 10_000;
    while (((await counts()) as { backchannels: number }).backchannels !== 0) {
      if (Date.now() > deadline) throw new Error('The backchannel was not released');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
