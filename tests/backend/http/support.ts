// Test support for the Firestore HTTP tests: the handler on a real HTTP server in front of a
// fresh in-memory engine, a small reader of WebChannel's `<length>\n<chunk>` framing, and a gRPC
// Commit sent as raw bytes.

import http from 'node:http';
import * as grpc from '@grpc/grpc-js';
import type { AddressInfo } from 'node:net';
import type { Authorizer } from '../../../backend/src/authz/seam.js';
import type { FirestoreEngine } from '../../../backend/src/firestore/engine/api.js';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import { createFirestoreHttpHandler, type FirestoreHttpDeps } from '../../../backend/src/firestore/http/router.js';

export interface TestServer {
  url: string;
  host: string;
  port: number;
  engine: FirestoreEngine;
  logs: string[];
  /** Method and URL of every request, in arrival order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTestServer(
  options: { authorizer?: Authorizer; webChannel?: FirestoreHttpDeps['webChannel']; exportsDir?: string } = {},
): Promise<TestServer> {
  const engine = await createEngine({ authorizer: options.authorizer });
  const logs: string[] = [];
  const handler = createFirestoreHttpHandler({
    engine,
    log: (line) => logs.push(line),
    webChannel: options.webChannel,
    exportsDir: options.exportsDir,
  });
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    engine,
    logs,
    requests,
    async close() {
      handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.close();
    },
  };
}

/** Splits a WebChannel body into its chunks, checking each length in UTF-16 code units. */
export function parseFrames(body: string): unknown[] {
  const chunks: unknown[] = [];
  let at = 0;
  while (at < body.length) {
    const newline = body.indexOf('\n', at);
    if (newline < 0) throw new Error(`No length line at ${at}: ${JSON.stringify(body.slice(at))}`);
    const length = Number(body.slice(at, newline));
    if (!Number.isInteger(length)) throw new Error(`Bad length ${JSON.stringify(body.slice(at, newline))}`);
    const chunk = body.slice(newline + 1, newline + 1 + length);
    if (chunk.length !== length) throw new Error(`Chunk shorter than its length ${length}`);
    chunks.push(JSON.parse(chunk));
    at = newline + 1 + length;
  }
  return chunks;
}

/** Reads a streaming response until `done` says enough arrived (or the timeout passes). */
export async function readUntil(res: Response, done: (text: string) => boolean, timeoutMs = 5000): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (!done(text)) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new Error(`Timed out; got ${JSON.stringify(text)}`);
    const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), remaining))]);
    if (next === null) continue;
    if (next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  void reader.cancel().catch(() => {});
  return text;
}

/** A Commit sent to the gRPC port as raw bytes (owner credentials), so a test can put anything in them; the call's error. */
export function commitRawBytes(port: number, bytes: Buffer, options: grpc.CallOptions = {}): Promise<grpc.ServiceError | null> {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  metadata.set('authorization', 'Bearer owner');
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      '/google.firestore.v1.Firestore/Commit',
      (b: Buffer) => b,
      (b: Buffer) => b,
      bytes,
      metadata,
      options,
      (err) => {
        client.close();
        resolve(err);
      },
    );
  });
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
