// Resumable upload sessions: started with the object's metadata, fed chunks at increasing
// offsets, then finalized into an object (or cancelled). Chunks wait in memory; a session that
// is cancelled, finished or left idle is dropped, so abandoned uploads leak nothing.

import { randomBytes } from 'node:crypto';
import type { MetadataPatch, StoredObject } from './objectMetadata.js';
import { badRequest, notFound, tooLarge } from './storageErrors.js';

export interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  metadata: MetadataPatch;
  /** From X-Goog-Upload-Header-Content-Type at start. */
  contentType?: string;
  /** From X-Goog-Upload-Header-Content-Length at start, when sent. */
  declaredSize?: number;
  chunks: Buffer[];
  received: number;
  status: 'active' | 'final';
  /** Set once finalized: the object it became, answered again to a repeated finalize. */
  result?: StoredObject;
  lastActivity: number;
}

export interface UploadSessions {
  start(init: Pick<UploadSession, 'bucket' | 'name' | 'metadata' | 'contentType' | 'declaredSize'>): UploadSession;
  /** The active or finished session, or a 404 naming the id. */
  get(id: string, bucket: string): UploadSession;
  append(session: UploadSession, offset: number, chunk: Buffer): void;
  /** Takes the session's bytes (the session keeps only its size). */
  takeData(session: UploadSession): Buffer;
  cancel(id: string, bucket: string): void;
  /** Forgets a session whose finalize failed. */
  drop(session: UploadSession): void;
  clear(): void;
  close(): void;
}

export function createUploadSessions(options: { maxObjectBytes: number; idleMs: number }): UploadSessions {
  const sessions = new Map<string, UploadSession>();
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - options.idleMs;
      for (const [id, session] of sessions) if (session.lastActivity < cutoff) sessions.delete(id);
    },
    Math.min(options.idleMs, 60_000),
  );
  sweep.unref();

  return {
    start(init) {
      if (init.declaredSize !== undefined && init.declaredSize > options.maxObjectBytes) {
        throw tooLarge(
          `The upload of ${init.declaredSize} bytes exceeds the local backend's limit of ${options.maxObjectBytes} bytes.`,
        );
      }
      const session: UploadSession = {
        ...init,
        id: randomBytes(16).toString('hex'),
        chunks: [],
        received: 0,
        status: 'active',
        lastActivity: Date.now(),
      };
      sessions.set(session.id, session);
      return session;
    },
    get(id, bucket) {
      const session = sessions.get(id);
      if (!session || session.bucket !== bucket) throw notFound(`No resumable upload session "${id}" in bucket "${bucket}".`);
      session.lastActivity = Date.now();
      return session;
    },
    append(session, offset, chunk) {
      if (session.status !== 'active') throw badRequest(`The resumable upload "${session.id}" is already finalized.`);
      if (offset !== session.received) {
        throw badRequest(`Upload offset ${offset} does not match the ${session.received} bytes received so far.`);
      }
      const total = session.received + chunk.length;
      if (session.declaredSize !== undefined && total > session.declaredSize) {
        throw badRequest(`The upload sends more than the ${session.declaredSize} bytes declared at its start.`);
      }
      if (total > options.maxObjectBytes)
        throw tooLarge(`The upload exceeds the local backend's limit of ${options.maxObjectBytes} bytes.`);
      session.chunks.push(chunk);
      session.received = total;
    },
    takeData(session) {
      const data = Buffer.concat(session.chunks, session.received);
      session.chunks = [];
      return data;
    },
    cancel(id, bucket) {
      const session = this.get(id, bucket);
      if (session.status === 'final')
        throw badRequest(`The resumable upload "${id}" is already finalized and cannot be cancelled.`);
      sessions.delete(id);
    },
    drop(session) {
      sessions.delete(session.id);
    },
    clear() {
      sessions.clear();
    },
    close() {
      clearInterval(sweep);
      sessions.clear();
    },
  };
}
