// `npm run bench:backend`: figures for the local backend, printed, not asserted.
// 1. Fan-out: one writer updates a document; N listeners (WebChannel streaming clients, the
//    protocol phones use) each time the arrival of every update. Prints p50/p95/max latency
//    from the write's send to each listener's receipt, and lost / out-of-order updates.
// 2. Throughput: 50 concurrent writers commit over REST for a fixed time; prints commits/s.
// The backend runs in a child process with a data folder, so fsync and the event loop are real.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROJECT = 'demo-bench';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });

interface Ports {
  firestorePort: number;
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; ports: Ports }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'benchServer.ts'), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ports = await new Promise<Ports>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Ports);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, ports };
}

function request(
  port: number,
  method: string,
  urlPath: string,
  body?: string,
  contentType = 'text/plain',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, agent, headers: body ? { 'content-type': contentType } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function commit(port: number, docPath: string, fields: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ writes: [{ update: { name: `${DATABASE}/documents/${docPath}`, fields } }] });
  return request(port, 'POST', `/v1/${DATABASE}/documents:commit`, body).then(({ status, text }) => {
    if (status !== 200) throw new Error(`commit failed: ${status} ${text}`);
  });
}

/** Splits a WebChannel body into its length-prefixed chunks (ASCII payloads here). */
class ChunkReader {
  private buffer = '';
  constructor(private readonly onChunk: (chunk: unknown) => void) {}
  push(text: string): void {
    this.buffer += text;
    for (;;) {
      const newline = this.buffer.indexOf('\n');
      if (newline < 0) return;
      const length = Number(this.buffer.slice(0, newline));
      if (this.buffer.length < newline + 1 + length) return;
      const chunk = this.buffer.slice(newline + 1, newline + 1 + length);
      this.buffer = this.buffer.slice(newline + 1 + length);
      this.onChunk(JSON.parse(chunk));
    }
  }
}

interface Listener {
  received: { seq: number; at: number }[];
  close(): void;
}

/** A minimal WebChannel Listen client: handshake with addTarget, then a streaming backchannel. */
async function openListener(port: number, docPath: string): Promise<Listener> {
  const base = `/google.firestore.v1.Firestore/Listen/channel?VER=8&database=${encodeURIComponent(DATABASE)}`;
  const first = JSON.stringify({
    database: DATABASE,
    addTarget: { documents: { documents: [`${DATABASE}/documents/${docPath}`] }, targetId: 2 },
  });
  const received: { seq: number; at: number }[] = [];
  let lastArrayId = 0;
  let current = false;
  let markCurrent: () => void = () => {};
  const becameCurrent = new Promise<void>((resolve) => (markCurrent = resolve));
  const onChunk = (chunk: unknown): void => {
    for (const [id, payload] of chunk as [number, unknown[]][]) {
      lastArrayId = Math.max(lastArrayId, id);
      const message = payload[0] as Record<string, unknown> | string;
      if (typeof message !== 'object' || message === null) continue;
      const change = message.documentChange as { document?: { fields?: Record<string, { integerValue?: string }> } };
      const seq = change?.document?.fields?.seq?.integerValue;
      if (seq !== undefined && current) received.push({ seq: Number(seq), at: performance.now() });
      const targetChange = message.targetChange as { targetChangeType?: string } | undefined;
      if (targetChange?.targetChangeType === 'CURRENT') {
        current = true;
        markCurrent();
      }
    }
  };
  const handshakeReader = new ChunkReader((chunk) => {
    for (const [id, payload] of chunk as [number, unknown[]][]) {
      lastArrayId = Math.max(lastArrayId, id);
      if (Array.isArray(payload) && payload[0] === 'c') sid = String(payload[1]);
      else onChunk([[id, payload]]);
    }
  });
  let sid = '';
  const handshake = await request(
    port,
    'POST',
    `${base}&RID=1&CVER=22&zx=bench&t=1`,
    `count=1&ofs=0&req0___data__=${encodeURIComponent(first)}`,
    'application/x-www-form-urlencoded',
  );
  if (handshake.status !== 200) throw new Error(`handshake failed: ${handshake.status} ${handshake.text}`);
  handshakeReader.push(handshake.text);
  if (!sid) throw new Error(`no session id in handshake: ${handshake.text}`);
  const reader = new ChunkReader(onChunk);
  const req = http.get(
    {
      host: '127.0.0.1',
      port,
      agent: false,
      path: `${base}&RID=rpc&SID=${sid}&AID=${lastArrayId}&CI=0&TYPE=xmlhttp&zx=bench&t=1`,
    },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (text: string) => reader.push(text));
    },
  );
  req.on('error', () => {});
  await becameCurrent;
  // Leaving as a browser does when a tab closes: the backchannel goes and a terminate is sent.
  const close = (): void => {
    req.destroy();
    http
      .get({ host: '127.0.0.1', port, agent, path: `${base}&SID=${sid}&TYPE=terminate&RID=2&zx=bench&t=1` }, (res) =>
        res.resume(),
      )
      .on('error', () => {});
  };
  return { received, close };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const fmt = (n: number): string => n.toFixed(1);

async function fanOut(port: number, listeners: number, updates: number): Promise<void> {
  const docPath = `fanout/doc-${listeners}`;
  await commit(port, docPath, { seq: { integerValue: '0' } });
  const clients: Listener[] = [];
  for (let i = 0; i < listeners; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, listeners - i) }, () => openListener(port, docPath)));
    clients.push(...batch);
  }
  const sentAt = new Map<number, number>();
  for (let seq = 1; seq <= updates; seq++) {
    sentAt.set(seq, performance.now());
    await commit(port, docPath, { seq: { integerValue: String(seq) } });
    await new Promise((r) => setTimeout(r, 150));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const latencies: number[] = [];
  let lost = 0;
  let outOfOrder = 0;
  for (const client of clients) {
    const seen = new Set<number>();
    let last = 0;
    for (const { seq, at } of client.received) {
      if (seq <= last) outOfOrder++;
      last = Math.max(last, seq);
      if (seq >= 1 && !seen.has(seq)) {
        seen.add(seq);
        latencies.push(at - sentAt.get(seq)!);
      }
    }
    for (let seq = 1; seq <= updates; seq++) if (!seen.has(seq)) lost++;
    client.close();
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `fan-out N=${listeners}: ${updates} updates × ${listeners} listeners = ${latencies.length} deliveries; ` +
      `latency p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(percentile(latencies, 95))} ms, ` +
      `max ${fmt(latencies.at(-1) ?? NaN)} ms; lost ${lost}, out of order ${outOfOrder}`,
  );
}

async function throughput(port: number, writers: number, seconds: number): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  const perWriter = await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let n = 0;
      while (performance.now() < deadline) {
        await commit(port, `throughput/w${w}-${n % 20}`, { n: { integerValue: String(n) }, w: { integerValue: String(w) } });
        n++;
      }
      return n;
    }),
  );
  const total = perWriter.reduce((a, b) => a + b, 0);
  console.log(`throughput: ${writers} concurrent writers, ${seconds} s: ${total} commits, ${fmt(total / seconds)} commits/s`);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backend-'));
  const { child, ports } = await startServer(dataDir);
  console.log(`machine: ${os.cpus().length} cores, node ${process.version}; backend with data folder (fsync on commit)`);
  try {
    const updates = Number(process.env.BENCH_UPDATES ?? 40);
    for (const n of [100, 500]) await fanOut(ports.firestorePort, n, updates);
    await throughput(ports.firestorePort, 50, Number(process.env.BENCH_SECONDS ?? 10));
  } finally {
    child.kill('SIGTERM');
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
