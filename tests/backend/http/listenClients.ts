// Listen streams as the SDKs open them, one per transport, for the Watch protocol tests: gRPC (a
// bidi call, as firebase-admin and the Node SDK) and WebChannel (handshake, forward POSTs and a
// backchannel, as the browser SDK). The WebChannel client keeps Closure's book: it takes every
// array it is handed, with no de-duplication, and acknowledges the last id it took (AID), so an
// array the server sends twice reaches the SDK twice. Both count requests and acknowledgements per
// target as the SDK's WatchChangeAggregator does (assertion ca9 when a target is acknowledged more
// often than it was asked for).

import * as grpc from '@grpc/grpc-js';
import { messageType } from '../../../backend/src/firestore/grpc/firestoreProto.js';
import { messageFromJson, messageToJson } from '../../../backend/src/firestore/grpc/protoJson.js';
import type { ListenRequest, ListenResponse } from '../../../backend/src/firestore/types.js';
import { form, parseFrames } from './support.js';

/** gRPC, or WebChannel with long-polling (CI=1) or streaming (CI=0) backchannels. */
export type Transport = 'gRPC' | 'WebChannel long-poll' | 'WebChannel streaming';

export interface ListenClient {
  /** Sends one request; requests reach the server in the order sent. */
  send(req: ListenRequest): void;
  /** Every response taken so far, in order (noops left out), types spelt out (NO_CHANGE too). */
  readonly received: ListenResponse[];
  /** Acknowledgements beyond the requests, as the SDK would assert them (`ca9`): empty when none. */
  readonly overAcknowledged: string[];
  /** Resolves once `count` responses have been taken in all. */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  /** Ends the stream as the SDK closes it. */
  close(): Promise<void>;
  /** Loses the connection without a word, as a phone leaving the Wi-Fi. */
  drop(): void;
}

/** The SDK's count of outstanding ADD/REMOVE acknowledgements per target. */
class PendingTargets {
  private readonly pending = new Map<number, number>();
  readonly over: string[] = [];

  requested(req: ListenRequest): void {
    const id = req.addTarget?.targetId ?? (typeof req.removeTarget === 'number' ? req.removeTarget : undefined);
    if (id !== undefined) this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
  }

  answered(res: ListenResponse): void {
    const change = res.targetChange;
    // A REMOVE with a cause is a target error: the SDK handles it apart, counting nothing.
    if (!change || change.cause || (change.targetChangeType !== 'ADD' && change.targetChangeType !== 'REMOVE')) return;
    for (const id of change.targetIds ?? []) {
      const left = (this.pending.get(id) ?? 0) - 1;
      this.pending.set(id, left);
      if (left < 0)
        this.over.push(`${change.targetChangeType} ${id}: ${JSON.stringify({ pendingResponses: left, targetId: id })}`);
    }
  }
}

abstract class BaseClient implements ListenClient {
  readonly received: ListenResponse[] = [];
  private readonly counts = new PendingTargets();
  private waiters: (() => void)[] = [];

  get overAcknowledged(): string[] {
    return this.counts.over;
  }

  send(req: ListenRequest): void {
    this.counts.requested(req);
    this.transmit(req);
  }

  protected take(res: ListenResponse): void {
    const change = res.targetChange;
    const normal =
      change && !change.targetChangeType ? { ...res, targetChange: { ...change, targetChangeType: 'NO_CHANGE' as const } } : res;
    this.received.push(normal);
    this.counts.answered(normal);
    for (const wake of this.waiters.splice(0)) wake();
  }

  async waitForCount(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`Waited for ${count} responses, got ${this.received.length}: ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  protected abstract transmit(req: ListenRequest): void;
  abstract close(): Promise<void>;
  abstract drop(): void;
}

// ---- gRPC ----

class GrpcListenClient extends BaseClient {
  private readonly client: grpc.Client;
  private readonly call: grpc.ClientDuplexStream<ListenRequest, ListenResponse>;

  constructor(address: string) {
    super();
    const requestType = messageType('google.firestore.v1.ListenRequest');
    const responseType = messageType('google.firestore.v1.ListenResponse');
    this.client = new grpc.Client(address, grpc.credentials.createInsecure());
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    this.call = this.client.makeBidiStreamRequest(
      '/google.firestore.v1.Firestore/Listen',
      (req: ListenRequest) => Buffer.from(requestType.encode(messageFromJson(requestType, req)).finish()),
      (bytes: Buffer) => messageToJson(responseType, responseType.decode(bytes)) as ListenResponse,
      metadata,
    );
    this.call.on('data', (res: ListenResponse) => this.take(res));
    this.call.on('error', () => {});
  }

  protected transmit(req: ListenRequest): void {
    this.call.write(req);
  }

  async close(): Promise<void> {
    this.call.end();
    this.call.cancel();
    this.client.close();
  }

  drop(): void {
    this.call.cancel();
    this.client.close();
  }
}

// ---- WebChannel ----

/** One Listen channel: forward messages batched behind one POST in flight, a long-polling backchannel. */
class WebChannelListenClient extends BaseClient {
  private sid: string | null = null;
  private rid = 1000 + Math.floor(Math.random() * 1000);
  private nextMessageId = 0;
  /** Closure's lastArrayId_: the id of the last array taken, sent back as AID. */
  private lastArrayId = -1;
  private readonly queue: { id: number; req: ListenRequest }[] = [];
  private posting = false;
  private opened: Promise<void> | null = null;
  private stopped = false;
  private readonly aborts = new Set<AbortController>();

  constructor(
    private readonly baseUrl: string,
    private readonly database: string,
    /** A streaming backchannel (CI=0) instead of long polls (CI=1). */
    private readonly streaming: boolean,
  ) {
    super();
  }

  private url(params: Record<string, string>): string {
    const query = new URLSearchParams({ VER: '8', database: this.database, ...params });
    return `${this.baseUrl}/google.firestore.v1.Firestore/Listen/channel?${query}`;
  }

  private async request(url: string, init: RequestInit = {}): Promise<string> {
    const abort = new AbortController();
    this.aborts.add(abort);
    try {
      const res = await fetch(url, { ...init, signal: abort.signal });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${res.status} ${text}`);
      return text;
    } finally {
      this.aborts.delete(abort);
    }
  }

  /** Takes arrays as Closure does: in order, every one, remembering the last id. */
  private takeArrays(body: string): void {
    for (const chunk of parseFrames(body) as [number, unknown[]][][]) {
      for (const [id, payload] of chunk) {
        this.lastArrayId = id;
        if (this.stopped) return;
        const [first] = payload;
        if (first === 'c' || first === 'noop') continue;
        this.take(first as ListenResponse);
      }
    }
  }

  protected transmit(req: ListenRequest): void {
    const id = this.nextMessageId++;
    if (!this.opened) {
      this.opened = this.handshake(req);
      return;
    }
    this.queue.push({ id, req });
    void this.opened.then(() => this.pump());
  }

  private async handshake(first: ListenRequest): Promise<void> {
    const body = await this.request(
      this.url({ RID: String(this.rid++), CVER: '22', 'X-HTTP-Session-Id': 'gsessionid', t: '1' }),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ headers: 'Authorization:Bearer owner\r\n', count: '1', ofs: '0', req0___data__: JSON.stringify(first) }),
      },
    );
    const [arrays] = parseFrames(body) as [[number, unknown[]][]];
    this.sid = String(arrays[0]?.[1]?.[1]);
    this.takeArrays(body);
    void this.backchannel();
  }

  private async pump(): Promise<void> {
    if (this.posting || this.queue.length === 0 || this.stopped) return;
    this.posting = true;
    const batch = this.queue.splice(0);
    const fields: Record<string, string> = { count: String(batch.length), ofs: String(batch[0]!.id) };
    batch.forEach(({ req }, i) => (fields[`req${i}___data__`] = JSON.stringify(req)));
    try {
      await this.request(this.url({ SID: this.sid!, RID: String(this.rid++), AID: String(this.lastArrayId) }), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form(fields),
      });
    } catch {
      // A lost POST is the test's to see: the requests it carried are never answered.
    } finally {
      this.posting = false;
    }
    void this.pump();
  }

  /** Long-polls until stopped, each GET acknowledging what was taken. */
  private async backchannel(): Promise<void> {
    while (!this.stopped) {
      const url = this.url({
        SID: this.sid!,
        RID: 'rpc',
        AID: String(this.lastArrayId),
        CI: this.streaming ? '0' : '1',
        TYPE: 'xmlhttp',
      });
      try {
        if (this.streaming) await this.stream(url);
        else this.takeArrays(await this.request(url));
      } catch {
        return;
      }
    }
  }

  /** A streaming GET: each complete `<length>\n<chunk>` is taken as it arrives, until the server ends it. */
  private async stream(url: string): Promise<void> {
    const abort = new AbortController();
    this.aborts.add(abort);
    try {
      const res = await fetch(url, { signal: abort.signal });
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(bytes, { stream: true });
        for (;;) {
          const newline = buffered.indexOf('\n');
          const length = Number(buffered.slice(0, newline));
          if (newline < 0 || buffered.length < newline + 1 + length) break;
          this.takeArrays(buffered.slice(0, newline + 1 + length));
          buffered = buffered.slice(newline + 1 + length);
        }
      }
    } finally {
      this.aborts.delete(abort);
    }
  }

  async close(): Promise<void> {
    await this.opened?.catch(() => {});
    this.stopped = true;
    for (const abort of this.aborts) abort.abort();
    if (this.sid) await fetch(this.url({ SID: this.sid, TYPE: 'terminate' })).then((r) => r.text());
  }

  drop(): void {
    this.stopped = true;
    for (const abort of this.aborts) abort.abort();
  }
}

export function openListenClient(transport: Transport, address: { host: string; port: number }, database: string): ListenClient {
  return transport === 'gRPC'
    ? new GrpcListenClient(`${address.host}:${address.port}`)
    : new WebChannelListenClient(`http://${address.host}:${address.port}`, database, transport === 'WebChannel streaming');
}
