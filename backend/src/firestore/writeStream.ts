// The Write stream's logic, shared by every protocol adapter: a handshake, then each request's
// writes committed in order and answered exactly once. A rejected commit ends the stream with
// its error, which is how the SDK learns that a write failed.

import { randomBytes } from 'node:crypto';
import type { Identity } from '../authz/identity.js';
import type { FirestoreEngine } from './engine/api.js';
import { ApiError, toApiError } from './errors.js';
import type { WriteRequest, WriteResponse } from './types.js';

export interface WriteStream {
  request(req: WriteRequest): void;
  close(): void;
}

export function openWriteStream(
  engine: FirestoreEngine,
  database: string,
  identity: Identity,
  send: (res: WriteResponse) => void,
  fail: (err: ApiError) => void,
): WriteStream {
  const streamId = randomBytes(12).toString('base64url');
  let tokenCounter = 0;
  let handshakeDone = false;
  let closed = false;
  // Requests are answered in arrival order even though commits are asynchronous.
  let queue: Promise<void> = Promise.resolve();

  const nextToken = (): string => Buffer.from(`${streamId}:${++tokenCounter}`, 'utf8').toString('base64');

  function stop(err?: ApiError): void {
    if (closed) return;
    closed = true;
    if (err) fail(err);
  }

  function handle(req: WriteRequest): void {
    if (!req || typeof req !== 'object') throw new ApiError('INVALID_ARGUMENT', 'A WriteRequest must be an object.');
    if (req.database !== undefined && req.database !== database) {
      throw new ApiError('INVALID_ARGUMENT', `This stream serves ${database}, not ${String(req.database)}.`);
    }
    if (req.writes !== undefined && !Array.isArray(req.writes))
      throw new ApiError('INVALID_ARGUMENT', 'writes must be an array.');
    const writes = req.writes ?? [];

    if (!handshakeDone) {
      if (writes.length > 0)
        throw new ApiError('INVALID_ARGUMENT', 'The first request on a Write stream is a handshake and carries no writes.');
      handshakeDone = true;
      send({ streamId, streamToken: nextToken() });
      return;
    }

    queue = queue.then(async () => {
      if (closed) return;
      try {
        if (writes.length === 0) {
          // The SDK sends an empty request when it tears a stream down: answer without committing.
          send({ streamToken: nextToken(), writeResults: [], commitTime: engine.currentTime(database) });
          return;
        }
        const result = await engine.commit(database, { writes }, { identity });
        if (closed) return;
        send({ streamToken: nextToken(), writeResults: result.writeResults, commitTime: result.commitTime });
      } catch (err) {
        stop(toApiError(err));
      }
    });
  }

  return {
    request(req: WriteRequest): void {
      if (closed) return;
      try {
        handle(req);
      } catch (err) {
        stop(toApiError(err));
      }
    },
    close(): void {
      closed = true;
    },
  };
}
