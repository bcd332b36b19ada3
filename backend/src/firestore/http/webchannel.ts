// The server side of Closure's WebChannel (protocol version 8), as the browser SDK speaks it for
// the Listen and Write streams: a handshake POST opens a session, forward POSTs carry client
// messages, a backchannel GET (streaming, CI=0, or long-polling, CI=1) carries server arrays.
// Replies are framed as `<length>\n<chunk>`, the length in UTF-16 code units.

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { identityFromAuthorization, type Identity } from '../../authz/identity.js';
import type { FirestoreEngine } from '../engine/api.js';
import { ApiError, invalidUtf8, payloadTooLarge, toApiError } from '../errors.js';
import type { ListenRequest, WriteRequest } from '../types.js';
import { openListen } from '../watch.js';
import { openWriteStream } from '../writeStream.js';
import { MAX_REQUEST_BYTES, readBody, sendError } from './io.js';

export type ChannelMethod = 'Listen' | 'Write';

export interface WebChannelOptions {
  engine: FirestoreEngine;
  log: (line: string) => void;
  /** Announced in the handshake; the client aborts a silent backchannel after 1.5 × this. */
  keepaliveMs?: number;
  /** A streaming backchannel gets a noop after this much silence. */
  noopIntervalMs?: number;
  /** How long an idle long-poll is held before it is ended with a noop. */
  longPollHoldMs?: number;
  /** A session with no backchannel and no request for this long is closed. */
  idleSessionMs?: number;
  /** A streaming backchannel is ended (the client reopens it) once this old. */
  streamRotateMs?: number;
  /**
   * At most this many backchannels of one connection pool are held open at once (see `hold`);
   * past it the one held longest is ended, the client opening it again.
   */
  maxHeldPerBrowser?: number;
  /**
   * A backchannel is held at least this long before it is ended to make room for another; and
   * a browser with more held than `maxHeldPerBrowser` has one ended this often (see `probe`).
   */
  minHoldMs?: number;
}

export interface WebChannelServer {
  handle(req: IncomingMessage, res: ServerResponse, method: ChannelMethod, url: URL): void;
  /** Ends every session (server shutdown). */
  close(): void;
  sessionCount(): number;
  /** A database's open sessions and the backchannels held for them (the emulator's channels endpoint). */
  channelsOf(database: string): ChannelCounts;
}

export interface ChannelCounts {
  sessions: number;
  backchannels: number;
  /** The same, per User-Agent of the client that opened the session ('' for none). */
  byUserAgent: Record<string, { sessions: number; backchannels: number }>;
}

interface OutArray {
  id: number;
  text: string;
}

interface Backchannel {
  res: ServerResponse;
  session: Session;
  /** The browser it came from (Origin, User-Agent, address), or null for a non-browser client. */
  browser: string | null;
  streaming: boolean;
  /** Highest array id written to this response. */
  lastId: number;
  bytes: number;
  openedAt: number;
  /** Ends it to make room for a newer backchannel of the same browser. */
  yieldTimer: NodeJS.Timeout | null;
  lastWriteAt: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Sessions known to share one browser's connections: those whose requests came over one TCP
 * connection (a browser never lends a connection to another profile or context). Pools that
 * share a connection are merged, `into` pointing at the pool they became part of.
 */
interface Pool {
  into: Pool | null;
}

/** The pool `pool` is now part of. */
function rootOf(pool: Pool): Pool {
  let root = pool;
  while (root.into) root = root.into;
  // Shortens the path for the next look-up.
  let step = pool;
  while (step.into && step.into !== root) {
    const next: Pool = step.into;
    step.into = root;
    step = next;
  }
  return root;
}

/** What the backend holds for one browser (Origin, User-Agent, address; see `browserOf`). */
interface Browser {
  /** Its held backchannels, the longest held first. */
  held: Set<Backchannel>;
  /** The next probe (see `probe`), while one is due. */
  probe: NodeJS.Timeout | null;
  lastProbeAt: number;
}

interface Session {
  sid: string;
  /** The connection pool its requests came from. */
  pool: Pool;
  method: ChannelMethod;
  /** The channel URL's database ('' when it named none). */
  database: string;
  /** The User-Agent of its handshake ('' for none). */
  userAgent: string;
  stream: { request(msg: unknown): void; close(): void } | null;
  nextArrayId: number;
  /** Arrays not yet acknowledged by the client (AID); re-sent on a new backchannel. */
  outbox: OutArray[];
  lastWrittenId: number;
  nextMessageId: number;
  backchannel: Backchannel | null;
  lastSeen: number;
  /** When a backchannel was last attached or ended: long-polls leave short gaps between GETs. */
  backchannelSeenAt: number;
  flushScheduled: boolean;
}

const PROTOCOL_VERSION = 8;
const SERVER_VERSION = 14;
/** A streaming backchannel is ended (the client reopens it) once this large. */
const STREAM_ROTATE_BYTES = 1024 * 1024;
/**
 * A forward POST carries several messages, URL-encoded (which can triple JSON's punctuation);
 * each message is held to Firestore's request limit on its own.
 */
const FORWARD_BODY_LIMIT = 4 * MAX_REQUEST_BYTES;

export function createWebChannelServer(options: WebChannelOptions): WebChannelServer {
  const { engine, log } = options;
  const keepaliveMs = options.keepaliveMs ?? 30_000;
  const noopIntervalMs = options.noopIntervalMs ?? Math.min(15_000, keepaliveMs / 2);
  const longPollHoldMs = options.longPollHoldMs ?? 20_000;
  // A live client re-opens its backchannel at once after each one ends, so a session without
  // one for this long belongs to a page that went away (reload, closed tab, lost network)
  // without a terminate; its listeners stop costing work when it is reaped.
  const idleSessionMs = options.idleSessionMs ?? 15_000;
  // Until its client reopens the backchannel, a streaming session keeps every array it sent (the
  // client acknowledges them only then); and a client that vanished without closing its
  // connection (a phone off the Wi-Fi) holds its session until the backchannel ends. Rotating
  // each minute bounds both.
  const streamRotateMs = options.streamRotateMs ?? 60_000;
  // A browser opens at most six HTTP/1.1 connections to one host per profile (Chrome, Firefox,
  // Safari; each context of one Chromium has its own six), and each of its channels holds one
  // for its backchannel: with six channels open in a page or in tabs sharing a profile (a room
  // display, a control screen and a third tab; a test opening several clients), every further
  // request (a write, a new listen's handshake) queued in the browser until a held backchannel
  // ended, up to streamRotateMs later. Google's servers speak HTTP/2, where the streams share
  // one connection, so production never shows this. So at most a few backchannels of one pool
  // of connections are held at once (the one held longest is ended, and its client reopens it
  // at once), which leaves connections free for the other requests.
  //
  // The backend knows a pool only from the connections its requests share (see Pool). A browser
  // (Origin, User-Agent, address) may be several pools: contexts of one Chromium, phones behind
  // one NAT, tabs whose channels have not shared a connection yet. While a browser holds more
  // than the limit, one of its backchannels, the one held longest, is ended every minHoldMs (a
  // probe): in a profile whose connections are all held, the request waiting for one takes the
  // connection that probe freed, which joins its session's pool to the ended one's; pools joined
  // past the limit are then relieved at once. Contexts that never share a connection pay one
  // renewal per probe between them, instead of each a renewal a second
  // (tests/e2e/eightContexts.test.ts, tests/backend/http/browserConnections.test.ts).
  const maxHeldPerBrowser = options.maxHeldPerBrowser ?? 4;
  const minHoldMs = options.minHoldMs ?? 1_000;
  const poolOfConnection = new WeakMap<Socket, Pool>();
  const browsers = new Map<string, Browser>();
  const sessions = new Map<string, Session>();
  let reaper: NodeJS.Timeout | null = null;

  function ensureReaper(): void {
    if (reaper || sessions.size === 0) return;
    reaper = setInterval(
      () => {
        const now = Date.now();
        for (const session of sessions.values()) {
          if (!session.backchannel && now - session.lastSeen > idleSessionMs) closeSession(session);
        }
        if (sessions.size === 0 && reaper) {
          clearInterval(reaper);
          reaper = null;
        }
      },
      Math.max(250, Math.min(10_000, idleSessionMs / 2)),
    );
    reaper.unref();
  }

  function closeSession(session: Session): void {
    sessions.delete(session.sid);
    session.stream?.close();
    session.stream = null;
    const bc = session.backchannel;
    if (bc) detach(session, bc, true);
    session.outbox = [];
  }

  // ---- the server → client direction ----

  function enqueue(session: Session, payload: unknown): void {
    const id = session.nextArrayId++;
    session.outbox.push({ id, text: JSON.stringify([id, payload]) });
    if (!session.flushScheduled) {
      // Coalesce a burst (ADD, documents, CURRENT, NO_CHANGE) into one chunk.
      session.flushScheduled = true;
      setImmediate(() => {
        session.flushScheduled = false;
        flush(session);
      });
    }
  }

  function acknowledge(session: Session, aid: number): void {
    if (!Number.isFinite(aid)) return;
    const oldest = session.outbox[0];
    if (oldest && oldest.id <= aid) {
      session.outbox = session.outbox.filter((a) => a.id > aid);
    }
  }

  function writeChunk(session: Session, bc: Backchannel, texts: string[], lastId: number): void {
    const chunk = frame(`[${texts.join(',')}]`);
    bc.res.write(chunk);
    bc.lastId = lastId;
    bc.bytes += chunk.length;
    bc.lastWriteAt = Date.now();
    if (lastId > session.lastWrittenId) session.lastWrittenId = lastId;
  }

  /** Writes every unsent array (and a noop when asked and nothing else is due). */
  function flush(session: Session, noopIfIdle = false): void {
    const bc = session.backchannel;
    if (!bc || !isWritable(bc.res)) return;
    const due = session.outbox.filter((a) => a.id > bc.lastId);
    const last = due.at(-1);
    if (last) {
      writeChunk(
        session,
        bc,
        due.map((a) => a.text),
        last.id,
      );
    } else if (noopIfIdle) {
      const id = session.nextArrayId++;
      writeChunk(session, bc, [JSON.stringify([id, ['noop']])], id);
    } else {
      return;
    }
    if (!bc.streaming || bc.bytes > STREAM_ROTATE_BYTES || Date.now() - bc.openedAt >= streamRotateMs) {
      detach(session, bc, true);
    }
  }

  function detach(session: Session, bc: Backchannel, end: boolean): void {
    if (bc.timer) clearInterval(bc.timer);
    bc.timer = null;
    if (bc.yieldTimer) clearTimeout(bc.yieldTimer);
    bc.yieldTimer = null;
    if (bc.browser !== null) {
      const browser = browsers.get(bc.browser);
      browser?.held.delete(bc);
      if (browser?.held.size === 0) {
        if (browser.probe) clearTimeout(browser.probe);
        browsers.delete(bc.browser);
      }
    }
    if (session.backchannel === bc) session.backchannel = null;
    session.lastSeen = Date.now();
    session.backchannelSeenAt = Date.now();
    if (end && isWritable(bc.res)) bc.res.end();
  }

  // ---- requests ----

  async function handleAsync(req: IncomingMessage, res: ServerResponse, method: ChannelMethod, url: URL): Promise<void> {
    const params = url.searchParams;
    const sid = params.get('SID');
    const type = params.get('TYPE');

    if (type === 'terminate') {
      if (req.method === 'POST') await readBody(req, FORWARD_BODY_LIMIT).catch(() => '');
      const session = sid ? sessions.get(sid) : undefined;
      if (session) closeSession(session);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': 0 });
      res.end();
      return;
    }

    if (req.method === 'GET') {
      if (!sid || params.get('RID') !== 'rpc') {
        plain(res, 400, 'Error: a backchannel GET needs SID and RID=rpc.');
        return;
      }
      const session = sessions.get(sid);
      if (!session || session.method !== method) {
        unknownSid(res);
        return;
      }
      join(session, req.socket);
      attachBackchannel(session, req, res, params);
      return;
    }

    if (req.method !== 'POST') {
      plain(res, 405, `Error: ${req.method} is not a WebChannel method.`);
      return;
    }

    const body = parseForm(await readBody(req, FORWARD_BODY_LIMIT));
    // Refused before a session opens: a body that is no WebChannel message list (a client
    // always sends count, 0 when it has nothing) would otherwise open a session for nothing.
    const range = messageRange(body);
    if (range instanceof ApiError) {
      plain(res, 400, `Error: ${range.message}`);
      return;
    }
    if (!sid) {
      handshake(res, method, params, body, range, req.headers['user-agent'] ?? '', poolOf(req.socket));
      return;
    }
    const session = sessions.get(sid);
    if (!session || session.method !== method) {
      unknownSid(res);
      return;
    }
    join(session, req.socket);
    session.lastSeen = Date.now();
    acknowledge(session, Number(params.get('AID')));
    receive(session, body, range);
    const outstanding = session.outbox.reduce((n, a) => (a.id > session.lastWrittenId ? n + a.text.length : n), 0);
    // 0 tells the client its backchannel is missing here, so it opens a new one.
    const hasBackchannel = session.backchannel !== null || Date.now() - session.backchannelSeenAt < 3_000 ? 1 : 0;
    const ack = frame(JSON.stringify([hasBackchannel, session.lastWrittenId, outstanding]));
    res.writeHead(200, channelHeaders());
    res.end(ack);
  }

  function handshake(
    res: ServerResponse,
    method: ChannelMethod,
    params: URLSearchParams,
    body: URLSearchParams,
    range: MessageRange,
    userAgent: string,
    pool: Pool,
  ): void {
    const sid = randomBytes(16).toString('base64url');
    const database = params.get('database') ?? '';
    const session: Session = {
      sid,
      pool,
      method,
      database,
      userAgent,
      stream: null,
      nextArrayId: 1,
      outbox: [],
      lastWrittenId: 0,
      nextMessageId: 0,
      backchannel: null,
      lastSeen: Date.now(),
      backchannelSeenAt: Date.now(),
      flushScheduled: false,
    };
    sessions.set(sid, session);
    ensureReaper();

    const failStream = (err: ApiError): void => {
      enqueue(session, [{ error: err.toJson() }]);
      session.stream?.close();
      session.stream = null;
    };

    try {
      if (!/^projects\/[^/]+\/databases\/[^/]+$/.test(database)) {
        throw new ApiError('INVALID_ARGUMENT', 'The channel URL needs database=projects/{project}/databases/{database}.');
      }
      const identity = identityFromHeaders(body.get('headers'));
      session.stream = openStream(method, database, identity, session, failStream);
    } catch (err) {
      failStream(toApiError(err));
    }
    receive(session, body, range);

    // Arrays produced by the first message ride in the same chunk as the "c" array: the client
    // takes a later chunk of this reply for a forward-channel ack.
    const arrays = [JSON.stringify([0, ['c', sid, '', PROTOCOL_VERSION, SERVER_VERSION, keepaliveMs]])];
    for (const a of session.outbox) arrays.push(a.text);
    const newest = session.outbox.at(-1);
    if (newest) session.lastWrittenId = newest.id;
    res.writeHead(200, { ...channelHeaders(), 'X-HTTP-Session-Id': sid });
    res.end(frame(`[${arrays.join(',')}]`));
  }

  function openStream(
    method: ChannelMethod,
    database: string,
    identity: Identity,
    session: Session,
    failStream: (err: ApiError) => void,
  ): Session['stream'] {
    const send = (res: unknown): void => enqueue(session, [res]);
    if (method === 'Listen') {
      const stream = openListen(engine, database, identity, send, failStream);
      return { request: (msg) => stream.request(msg as ListenRequest), close: () => stream.close() };
    }
    const stream = openWriteStream(engine, database, identity, send, failStream);
    return { request: (msg) => stream.request(msg as WriteRequest), close: () => stream.close() };
  }

  /** Hands each new forward message to the stream; retried POSTs repeat ids, which are skipped. */
  function receive(session: Session, body: URLSearchParams, { count, ofs }: MessageRange): void {
    for (let i = 0; i < count; i++) {
      const id = ofs + i;
      if (id < session.nextMessageId) continue;
      session.nextMessageId = id + 1;
      const data = body.get(`req${i}___data__`);
      if (data === null) continue;
      if (!session.stream) continue;
      if (data.length * 3 > MAX_REQUEST_BYTES && Buffer.byteLength(data, 'utf8') > MAX_REQUEST_BYTES) {
        endStream(session, payloadTooLarge(MAX_REQUEST_BYTES));
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(data);
      } catch {
        endStream(session, new ApiError('INVALID_ARGUMENT', `Message ${id} is not valid JSON.`));
        return;
      }
      try {
        session.stream.request(message);
      } catch (err) {
        log(`webchannel: ${session.method} stream failed: ${toApiError(err).message}`);
        endStream(session, toApiError(err));
      }
    }
  }

  /** Closes the session's stream and sends its error, as the client expects a failed stream to end. */
  function endStream(session: Session, err: ApiError): void {
    const stream = session.stream;
    session.stream = null;
    stream?.close();
    enqueue(session, [{ error: err.toJson() }]);
  }

  function attachBackchannel(session: Session, req: IncomingMessage, res: ServerResponse, params: URLSearchParams): void {
    const previous = session.backchannel;
    // The client has abandoned the previous GET (it only keeps one): never write to it again.
    if (previous) detach(session, previous, true);
    const aid = Number(params.get('AID'));
    acknowledge(session, aid);

    const streaming = params.get('CI') === '0';
    const bc: Backchannel = {
      res,
      session,
      browser: browserOf(req),
      streaming,
      lastId: Number.isFinite(aid) ? aid : 0,
      bytes: 0,
      openedAt: Date.now(),
      lastWriteAt: Date.now(),
      timer: null,
      yieldTimer: null,
    };
    session.backchannel = bc;
    session.lastSeen = Date.now();
    session.backchannelSeenAt = Date.now();
    res.on('close', () => detach(session, bc, false));
    req.socket.setNoDelay(true);
    res.writeHead(200, channelHeaders());

    if (streaming) {
      // Bytes at once: the client's buffering-proxy detection switches to long-polling otherwise.
      flush(session, true);
      if (session.backchannel !== bc) return;
      hold(bc);
      bc.timer = setInterval(() => {
        if (Date.now() - bc.lastWriteAt >= noopIntervalMs - 5) flush(session, true);
      }, noopIntervalMs);
      return;
    }

    if (session.outbox.some((a) => a.id > bc.lastId)) {
      flush(session);
      return;
    }
    // An idle long-poll is held until data comes, and never ends empty (the client calls that
    // NO_DATA and gives up on the channel).
    const requested = Number(params.get('TO'));
    const holdMs = Number.isFinite(requested) && requested > 0 ? Math.min(requested, longPollHoldMs) : longPollHoldMs;
    bc.timer = setTimeout(() => flush(session, true), holdMs);
    hold(bc);
  }

  /** The pool of the connection `socket`, a new one for a connection not seen before. */
  function poolOf(socket: Socket): Pool {
    let pool = poolOfConnection.get(socket);
    if (!pool) {
      pool = { into: null };
      poolOfConnection.set(socket, pool);
    }
    return rootOf(pool);
  }

  /** A request of `session` came over `socket`: the connection's pool and the session's are one. */
  function join(session: Session, socket: Socket): void {
    const ours = rootOf(session.pool);
    const theirs = poolOfConnection.get(socket);
    if (!theirs) {
      poolOfConnection.set(socket, ours);
      return;
    }
    const other = rootOf(theirs);
    if (other === ours) return;
    other.into = ours;
    // Joined pools may now hold more than the limit between them.
    for (const browser of browsers.values()) makeRoom(browser);
  }

  /** Counts `bc` among its browser's held backchannels, ending the longest held past the limit. */
  function hold(bc: Backchannel): void {
    if (bc.browser === null) return;
    let browser = browsers.get(bc.browser);
    if (!browser) {
      browser = { held: new Set(), probe: null, lastProbeAt: 0 };
      browsers.set(bc.browser, browser);
    }
    browser.held.add(bc);
    makeRoom(browser);
  }

  /** Ends, once held minHoldMs, the longest held of each pool past the limit; probes the browser past it. */
  function makeRoom(browser: Browser): void {
    const byPool = new Map<Pool, Backchannel[]>();
    // A Set iterates in insertion order: the first are the longest held.
    for (const bc of browser.held) {
      if (bc.yieldTimer !== null) continue;
      const pool = rootOf(bc.session.pool);
      const list = byPool.get(pool);
      if (list) list.push(bc);
      else byPool.set(pool, [bc]);
    }
    for (const waiting of byPool.values()) {
      for (const oldest of waiting.slice(0, Math.max(0, waiting.length - maxHeldPerBrowser))) {
        const due = oldest.openedAt + minHoldMs - Date.now();
        oldest.yieldTimer = setTimeout(() => yieldBackchannel(oldest), Math.max(0, due));
      }
    }
    if (browser.held.size > maxHeldPerBrowser && browser.probe === null) {
      const oldest = browser.held.values().next().value as Backchannel;
      const due = Math.max(oldest.openedAt, browser.lastProbeAt) + minHoldMs - Date.now();
      browser.probe = setTimeout(() => probe(browser), Math.max(0, due));
    }
  }

  /** Ends the browser's backchannel held longest, should the browser still hold more than the limit. */
  function probe(browser: Browser): void {
    browser.probe = null;
    if (browser.held.size <= maxHeldPerBrowser) return;
    const oldest = browser.held.values().next().value as Backchannel;
    if (Date.now() - oldest.openedAt < minHoldMs) {
      makeRoom(browser);
      return;
    }
    browser.lastProbeAt = Date.now();
    if (oldest.yieldTimer) clearTimeout(oldest.yieldTimer);
    yieldBackchannel(oldest);
    if (browser.held.size > 0) makeRoom(browser);
  }

  /** Ends a held backchannel as a completed one (a noop when it sent nothing): its client reopens it. */
  function yieldBackchannel(bc: Backchannel): void {
    bc.yieldTimer = null;
    const { session } = bc;
    if (session.backchannel !== bc || !isWritable(bc.res)) return;
    flush(session, bc.bytes === 0);
    if (session.backchannel === bc) detach(session, bc, true);
  }

  function identityFromHeaders(encoded: string | null): Identity {
    if (!encoded) return identityFromAuthorization(undefined);
    let authorization: string | undefined;
    for (const line of encoded.split(/\r\n/)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      if (line.slice(0, colon).trim().toLowerCase() === 'authorization') authorization = line.slice(colon + 1).trim();
    }
    try {
      return identityFromAuthorization(authorization);
    } catch (err) {
      throw new ApiError('UNAUTHENTICATED', err instanceof Error ? err.message : String(err));
    }
  }

  return {
    handle(req, res, method, url) {
      handleAsync(req, res, method, url).catch((err: unknown) => {
        const apiError = toApiError(err);
        if (apiError.status === 'CANCELLED') return;
        log(`webchannel: ${apiError.message}`);
        if (!res.headersSent) sendError(res, apiError);
        else if (isWritable(res)) res.end();
      });
    },
    close() {
      for (const session of [...sessions.values()]) closeSession(session);
      if (reaper) clearInterval(reaper);
      reaper = null;
    },
    sessionCount: () => sessions.size,
    channelsOf(database) {
      const counts: ChannelCounts = { sessions: 0, backchannels: 0, byUserAgent: {} };
      for (const session of sessions.values()) {
        if (session.database !== database) continue;
        const agent = (counts.byUserAgent[session.userAgent] ??= { sessions: 0, backchannels: 0 });
        const held = session.backchannel !== null ? 1 : 0;
        counts.sessions++;
        counts.backchannels += held;
        agent.sessions++;
        agent.backchannels += held;
      }
      return counts;
    },
  };
}

interface MessageRange {
  count: number;
  ofs: number;
}

/** `count` (required) and `ofs` of a forward body, or why they are unusable. */
function messageRange(body: URLSearchParams): MessageRange | ApiError {
  const countText = body.get('count');
  if (countText === null) return new ApiError('INVALID_ARGUMENT', 'A WebChannel request body needs count (and ofs).');
  const count = Number(countText);
  const ofs = Number(body.get('ofs') ?? '0');
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(ofs) || ofs < 0) {
    return new ApiError('INVALID_ARGUMENT', 'count and ofs must be non-negative integers.');
  }
  return { count, ofs };
}

/**
 * An `application/x-www-form-urlencoded` body, decoded strictly: URLSearchParams would turn
 * escapes that are not UTF-8 into U+FFFD, storing text the client never sent.
 */
function parseForm(text: string): URLSearchParams {
  const form = new URLSearchParams();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const [key, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    try {
      form.append(decodeURIComponent(key.replace(/\+/g, ' ')), decodeURIComponent(value.replace(/\+/g, ' ')));
    } catch {
      throw invalidUtf8('The form-encoded request body');
    }
  }
  return form;
}

/** `<length>\n<chunk>`: the length counts UTF-16 code units, as the client's JS strings do. */
export function frame(json: string): string {
  const chunk = `${json}\n`;
  return `${chunk.length}\n${chunk}`;
}

function channelHeaders(): Record<string, string> {
  return {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
    'X-Content-Type-Options': 'nosniff',
  };
}

function plain(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function unknownSid(res: ServerResponse): void {
  // The client looks for "Unknown SID" past the start of a 400 body, then opens a new channel.
  plain(res, 400, 'Error: Unknown SID');
}

/**
 * Which browser a request came from, for its connection limit: a browser names its page's origin
 * on a cross-origin request, which every channel of a web app is (the backend is another host).
 */
function browserOf(req: IncomingMessage): string | null {
  const origin = req.headers.origin;
  if (!origin) return null;
  return `${req.socket.remoteAddress ?? ''} ${origin} ${req.headers['user-agent'] ?? ''}`;
}

function isWritable(res: ServerResponse): boolean {
  return !res.writableEnded && !res.destroyed;
}
