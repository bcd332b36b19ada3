// The Listen stream's logic, shared by every protocol adapter (WebChannel and gRPC): turns
// addTarget/removeTarget requests and the engine's commits into the ListenResponse sequence the
// SDKs' watch aggregators expect (ADD → documents → CURRENT → a global NO_CHANGE with readTime).
// A target resumed with one of our tokens gets only what changed since, and what left it.

import type { Identity } from '../authz/identity.js';
import type { CommitEvent, FirestoreEngine } from './engine/api.js';
import { parseDocumentName } from './engine/paths.js';
import { ApiError, toApiError } from './errors.js';
import type { Document, ListenRequest, ListenResponse, StructuredQuery, Target } from './types.js';

export interface ListenStream {
  request(req: ListenRequest): void;
  close(): void;
}

interface DocumentsTarget {
  kind: 'documents';
  id: number;
  names: Set<string>;
  /** What the client was last told: name → updateTime of the version sent. */
  sent: Map<string, string>;
  once: boolean;
}

interface QueryTarget {
  kind: 'query';
  id: number;
  parent: string;
  query: StructuredQuery;
  /** Identical queries share one recomputation per commit. */
  key: string;
  /** limit, offset or cursors: membership depends on other documents, so recompute. */
  needsRecompute: boolean;
  sent: Map<string, string>;
  once: boolean;
}

type ActiveTarget = DocumentsTarget | QueryTarget;

/** What one commit does to one document, across this stream's targets. */
interface PendingDoc {
  doc: Document | null;
  targetIds: number[];
  removedTargetIds: number[];
  /** The document left a target without changing (limit/cursor queries). */
  quietlyRemoved: number[];
}

export function openListen(
  engine: FirestoreEngine,
  database: string,
  identity: Identity,
  deliver: (res: ListenResponse) => void,
  fail: (err: ApiError) => void,
): ListenStream {
  // Every document delivered to a listener is a billable read, as in production.
  const pass = (res: ListenResponse): void => {
    if (res.documentChange) engine.recordReads(database, 1);
    deliver(res);
  };
  // A target's first snapshot is read from memory, where a write stands before it is on disk. Like
  // every other read, the stream shows it only once it is durable: until then what the stream
  // says waits here, in order (the commits' own events come after, and repeat what the snapshot
  // showed). Otherwise a phone could show an admin's press that a crash then loses, and keep
  // showing it after the restart, since its resume token says it has seen everything before.
  let held: ListenResponse[] | null = null;
  let holdUntil: Promise<void> | null = null;
  const send = (res: ListenResponse): void => {
    if (held) held.push(res);
    else pass(res);
  };
  function holdFor(durable: Promise<void>): void {
    held ??= [];
    holdUntil = durable;
    durable.then(
      () => {
        if (holdUntil !== durable || closed || !held) return;
        const out = held;
        held = null;
        holdUntil = null;
        for (const res of out) pass(res);
      },
      (err: unknown) => {
        if (holdUntil !== durable || closed) return;
        stop();
        fail(
          new ApiError(
            'UNAVAILABLE',
            `The backend could not store a change: ${err instanceof Error ? err.message : String(err)}`,
          ),
        );
      },
    );
  }
  const targets = new Map<number, ActiveTarget>();
  const documentsPrefix = `${database}/documents`;
  let lastReadTime = 0n;
  let closed = false;

  const unsubscribe = engine.onCommit((event) => {
    if (closed || event.database !== database || targets.size === 0) return;
    guard(() => onCommit(event));
  });

  function guard(action: () => void): void {
    try {
      action();
    } catch (err) {
      stop();
      fail(toApiError(err));
    }
  }

  function stop(): void {
    if (closed) return;
    closed = true;
    unsubscribe();
    targets.clear();
    held = null;
  }

  /** A read time that never goes backwards on this stream (the SDK ignores older snapshots). */
  function nextReadTime(atLeast?: string): string {
    let candidate = nowNanos();
    const current = parseTimestamp(engine.currentTime(database));
    if (current !== null && current > candidate) candidate = current;
    const floor = atLeast ? parseTimestamp(atLeast) : null;
    if (floor !== null && floor > candidate) candidate = floor;
    if (candidate > lastReadTime) lastReadTime = candidate;
    return formatTimestamp(lastReadTime);
  }

  /** Every event the engine has emitted so far has been handled here, so the token may say so. */
  function resumeToken(readTime: string): string {
    return encodeResumeToken(engine.notifiedTime(database), readTime);
  }

  function sendGlobal(readTime: string): void {
    send({ targetChange: { targetChangeType: 'NO_CHANGE', resumeToken: resumeToken(readTime), readTime } });
  }

  function removeWithCause(targetId: number, err: ApiError): void {
    targets.delete(targetId);
    send({
      targetChange: { targetChangeType: 'REMOVE', targetIds: [targetId], cause: { code: err.code, message: err.message } },
    });
  }

  /** Reads are checked as the engine checks them for get and runQuery, so both paths agree. */
  function denied(target: ActiveTarget, docs: { name: string; doc: Document | null }[], initial: boolean): ApiError | null {
    // Most commits touch none of a stream's targets: decide nothing, build nothing.
    if (identity.admin || (docs.length === 0 && !initial)) return null;
    try {
      if (target.kind === 'documents') {
        engine.authorizeListen(identity, { kind: 'documents', docs }, new Date());
      } else {
        engine.authorizeListen(identity, { kind: 'query', parent: target.parent, query: target.query }, new Date());
      }
      return null;
    } catch (err) {
      return toApiError(err);
    }
  }

  function addTarget(spec: Target): void {
    const id = spec.targetId;
    if (typeof id !== 'number' || !Number.isInteger(id)) {
      throw new ApiError(
        'INVALID_ARGUMENT',
        'addTarget needs an integer targetId (server-assigned target ids are not supported).',
      );
    }
    const once = spec.once === true;
    let target: ActiveTarget;
    try {
      target = buildTarget(spec, id, once);
    } catch (err) {
      removeWithCause(id, toApiError(err));
      return;
    }

    // A token of ours says which changes the client has seen; when the engine's history reaches
    // back to it, only what changed since is sent. Anything else (a bare readTime, a token from
    // before a reset or beyond the history) is RESET and re-sent in full.
    const token = decodeResumeToken(spec.resumeToken);
    const floor = token?.readTime ?? (typeof spec.readTime === 'string' ? spec.readTime : undefined);
    const resuming = Boolean(spec.resumeToken) || spec.readTime !== undefined;
    // Only where what changed says everything: a limit, offset or cursor moves its window over
    // documents that did not change, so such a query is re-sent in full.
    const exact = target.kind === 'documents' || !target.needsRecompute;
    const missed = token && exact ? engine.changedSince(database, token.since) : null;

    const docs = initialDocuments(target);
    const err = denied(target, docs, true);
    if (err) {
      removeWithCause(id, err);
      return;
    }

    targets.set(id, target);
    const undurable = engine.undurable();
    if (undurable) holdFor(undurable);
    send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    const readTime = nextReadTime(floor);
    if (missed) {
      for (const res of missedResponses(engine, database, target, docs, missed)) send(res);
    } else {
      if (resuming) send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      for (const { doc } of docs) {
        if (!doc) continue;
        target.sent.set(doc.name, doc.updateTime ?? '');
        send({ documentChange: { document: doc, targetIds: [id] } });
      }
    }
    send({ targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: resumeToken(readTime), readTime } });
    sendGlobal(readTime);
    if (once) {
      targets.delete(id);
      send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
    }
  }

  function buildTarget(spec: Target, id: number, once: boolean): ActiveTarget {
    if (spec.documents && spec.query)
      throw new ApiError('INVALID_ARGUMENT', 'A target has either documents or a query, not both.');
    if (spec.documents) {
      const names = spec.documents.documents ?? [];
      if (!Array.isArray(names) || names.length === 0) {
        throw new ApiError('INVALID_ARGUMENT', 'A documents target needs at least one document name.');
      }
      for (const name of names) checkDocumentName(name);
      return { kind: 'documents', id, names: new Set(names), sent: new Map(), once };
    }
    if (spec.query) {
      const parent = spec.query.parent;
      const query = spec.query.structuredQuery;
      if (typeof parent !== 'string' || (parent !== documentsPrefix && !parent.startsWith(`${documentsPrefix}/`))) {
        throw new ApiError('INVALID_ARGUMENT', `The query's parent must be ${documentsPrefix} or a document below it.`);
      }
      if (!query || typeof query !== 'object') throw new ApiError('INVALID_ARGUMENT', 'A query target needs a structuredQuery.');
      engine.validateQuery(parent, query, database);
      const needsRecompute = query.limit !== undefined || Boolean(query.offset) || Boolean(query.startAt) || Boolean(query.endAt);
      return {
        kind: 'query',
        id,
        parent,
        query,
        key: JSON.stringify([parent, query]),
        needsRecompute,
        sent: new Map(),
        once,
      };
    }
    const kinds = Object.keys(spec).filter((k) => !['targetId', 'resumeToken', 'readTime', 'once', 'expectedCount'].includes(k));
    if (kinds.length > 0)
      throw new ApiError('UNIMPLEMENTED', `Listen targets of type ${kinds.join(', ')} are not supported by the local backend.`);
    throw new ApiError('INVALID_ARGUMENT', 'addTarget needs documents or a query.');
  }

  function checkDocumentName(name: unknown): void {
    if (typeof name !== 'string' || !name.startsWith(`${documentsPrefix}/`)) {
      throw new ApiError('INVALID_ARGUMENT', `Document names must start with ${documentsPrefix}/ (got ${JSON.stringify(name)}).`);
    }
    const segments = name.slice(documentsPrefix.length + 1).split('/');
    if (segments.length % 2 !== 0 || segments.some((s) => s === '')) {
      throw new ApiError('INVALID_ARGUMENT', `${name} is not a document name.`);
    }
    // Firestore's limits on names (id length, depth, UTF-8), as every other request meets them.
    parseDocumentName(name, database);
  }

  function initialDocuments(target: ActiveTarget): { name: string; doc: Document | null }[] {
    if (target.kind === 'documents') return [...target.names].map((name) => ({ name, doc: engine.lookup(name) }));
    return engine.query(target.parent, target.query).map((doc) => ({ name: doc.name, doc }));
  }

  function removeTarget(id: unknown): void {
    if (typeof id !== 'number' || !Number.isInteger(id)) {
      throw new ApiError('INVALID_ARGUMENT', 'removeTarget must be an integer target id.');
    }
    targets.delete(id);
    // The SDK counts a pending response per request: it needs this acknowledgement.
    send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  function onCommit(event: CommitEvent): void {
    const changed = new Map(event.changes.map((c) => [c.name, c]));
    const pending = new Map<string, PendingDoc>();
    const entry = (name: string, doc: Document | null): PendingDoc => {
      let p = pending.get(name);
      if (!p) {
        p = { doc, targetIds: [], removedTargetIds: [], quietlyRemoved: [] };
        pending.set(name, p);
      }
      return p;
    };
    const recomputed = new Map<string, Document[]>();

    for (const target of [...targets.values()]) {
      const adds: Document[] = [];
      const leaves: { name: string; doc: Document | null; quiet: boolean }[] = [];

      if (target.kind === 'documents') {
        for (const name of target.names) {
          const change = changed.get(name);
          if (!change) continue;
          if (change.after) adds.push(change.after);
          else if (change.before || target.sent.has(name)) leaves.push({ name, doc: null, quiet: false });
        }
      } else if (target.needsRecompute) {
        const relevant = event.changes.some(
          (c) =>
            target.sent.has(c.name) ||
            (c.before !== null && engine.matches(target.parent, target.query, c.before)) ||
            (c.after !== null && engine.matches(target.parent, target.query, c.after)),
        );
        if (!relevant) continue;
        let now = recomputed.get(target.key);
        if (!now) {
          now = engine.query(target.parent, target.query);
          recomputed.set(target.key, now);
        }
        const present = new Set<string>();
        for (const doc of now) {
          present.add(doc.name);
          if (target.sent.get(doc.name) !== (doc.updateTime ?? '')) adds.push(doc);
        }
        for (const name of target.sent.keys()) {
          if (present.has(name)) continue;
          const change = changed.get(name);
          leaves.push({ name, doc: change ? change.after : engine.lookup(name), quiet: !change });
        }
      } else {
        for (const change of event.changes) {
          const matches = change.after !== null && engine.matches(target.parent, target.query, change.after);
          if (matches) adds.push(change.after as Document);
          else if (target.sent.has(change.name)) leaves.push({ name: change.name, doc: change.after, quiet: false });
        }
      }

      const err = denied(
        target,
        adds.map((doc) => ({ name: doc.name, doc })),
        false,
      );
      if (err) {
        removeWithCause(target.id, err);
        continue;
      }
      for (const doc of adds) {
        target.sent.set(doc.name, doc.updateTime ?? '');
        entry(doc.name, doc).targetIds.push(target.id);
      }
      for (const leave of leaves) {
        target.sent.delete(leave.name);
        const p = entry(leave.name, leave.doc);
        if (leave.quiet) p.quietlyRemoved.push(target.id);
        else p.removedTargetIds.push(target.id);
      }
    }

    if (pending.size === 0) return;
    for (const [name, p] of pending) {
      if (p.doc && (p.targetIds.length > 0 || p.removedTargetIds.length > 0)) {
        send({
          documentChange: {
            document: p.doc,
            targetIds: p.targetIds,
            ...(p.removedTargetIds.length > 0 ? { removedTargetIds: p.removedTargetIds } : {}),
          },
        });
      } else if (!p.doc && p.removedTargetIds.length > 0) {
        send({ documentDelete: { document: name, removedTargetIds: p.removedTargetIds, readTime: event.commitTime } });
      }
      if (p.quietlyRemoved.length > 0) {
        send({ documentRemove: { document: name, removedTargetIds: p.quietlyRemoved, readTime: event.commitTime } });
      }
    }
    sendGlobal(nextReadTime(event.commitTime));
  }

  return {
    request(req: ListenRequest): void {
      if (closed) return;
      guard(() => {
        if (!req || typeof req !== 'object') throw new ApiError('INVALID_ARGUMENT', 'A ListenRequest must be an object.');
        if (req.database !== undefined && req.database !== database) {
          throw new ApiError('INVALID_ARGUMENT', `This stream serves ${database}, not ${String(req.database)}.`);
        }
        if (req.addTarget !== undefined && req.removeTarget !== undefined) {
          throw new ApiError('INVALID_ARGUMENT', 'A ListenRequest has either addTarget or removeTarget.');
        }
        if (req.addTarget !== undefined) {
          if (!req.addTarget || typeof req.addTarget !== 'object')
            throw new ApiError('INVALID_ARGUMENT', 'addTarget must be an object.');
          addTarget(req.addTarget);
        } else if (req.removeTarget !== undefined) {
          removeTarget(req.removeTarget);
        } else {
          throw new ApiError('INVALID_ARGUMENT', 'A ListenRequest needs addTarget or removeTarget.');
        }
      });
    },
    close: stop,
  };
}

/**
 * What a resumed target missed: the documents changed since its token and the removal of those
 * that left it (deleted, or changed so that they no longer match). For a documents target or a
 * query without limit, offset or cursors that is the whole difference, so no existence filter is
 * needed (one made the web SDK open a second Listen stream). Records what the client now holds
 * in `target.sent`.
 */
function missedResponses(
  engine: FirestoreEngine,
  database: string,
  target: ActiveTarget,
  docs: { name: string; doc: Document | null }[],
  missed: ReadonlySet<string>,
): ListenResponse[] {
  const out: ListenResponse[] = [];
  const present = new Set<string>();
  for (const { name, doc } of docs) {
    if (!doc) continue;
    present.add(name);
    target.sent.set(name, doc.updateTime ?? '');
    if (missed.has(name)) out.push({ documentChange: { document: doc, targetIds: [target.id] } });
  }
  // A version, not a wall-clock read time: the SDK keeps a deleted document at this version and
  // ignores older versions of it, and every later commit has a newer one.
  const readTime = engine.currentTime(database);
  for (const name of target.kind === 'documents' ? target.names : missed) {
    if (present.has(name) || !missed.has(name)) continue;
    if (target.kind === 'query' && !engine.inQueryScope(target.parent, target.query, name)) continue;
    // The client may hold it; a remove of a document it does not hold changes nothing.
    const removal = { document: name, removedTargetIds: [target.id], readTime };
    out.push(engine.lookup(name) ? { documentRemove: removal } : { documentDelete: removal });
  }
  return out;
}

// ---- time and resume tokens ----

const TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/;

/** RFC 3339 → nanoseconds since the epoch, or null when malformed. */
export function parseTimestamp(value: string): bigint | null {
  const match = TIMESTAMP.exec(value);
  if (!match) return null;
  const millis = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(millis)) return null;
  const nanos = BigInt((match[2] ?? '').padEnd(9, '0') || '0');
  return BigInt(millis) * 1_000_000n + nanos;
}

/** Nanoseconds since the epoch → RFC 3339 in UTC with microseconds (as the engine writes). */
export function formatTimestamp(nanos: bigint): string {
  const millis = nanos / 1_000_000n;
  const base = new Date(Number(millis)).toISOString().slice(0, 19);
  const fraction = (nanos % 1_000_000_000n).toString().padStart(9, '0');
  const trimmed = fraction.endsWith('000') ? fraction.slice(0, 6) : fraction;
  return `${base}.${trimmed}Z`;
}

function nowNanos(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

const TOKEN_PREFIX = 'rt2:';

export interface ResumePoint {
  /** The engine's notifiedTime when the token was made: the client has seen every change up to it. */
  since: string;
  /** The read time sent with the token: later read times must not be older. */
  readTime: string;
}

export function encodeResumeToken(since: string, readTime: string): string {
  return Buffer.from(`${TOKEN_PREFIX}${since} ${readTime}`, 'utf8').toString('base64');
}

/** What one of our resume tokens says; undefined for anything else. */
export function decodeResumeToken(token: unknown): ResumePoint | undefined {
  if (typeof token !== 'string' || token === '') return undefined;
  const text = Buffer.from(token, 'base64').toString('utf8');
  if (!text.startsWith(TOKEN_PREFIX)) return undefined;
  const [since, readTime, ...rest] = text.slice(TOKEN_PREFIX.length).split(' ');
  if (since === undefined || readTime === undefined || rest.length > 0) return undefined;
  if (parseTimestamp(since) === null || parseTimestamp(readTime) === null) return undefined;
  return { since, readTime };
}
