// The methods of google.firestore.v1.Firestore as calls on the engine, in proto3 JSON. Each one
// only translates the request to the engine's contract; the Firestore behaviour is the engine's.

import type { Metadata } from '@grpc/grpc-js';
import type { Identity } from '../../authz/identity.js';
import type { CallContext, FirestoreEngine } from '../engine/api.js';
import { ApiError, invalid, unimplemented } from '../errors.js';
import type {
  BatchGetRequest,
  BatchWriteRequest,
  CommitRequest,
  Document,
  ListCollectionIdsRequest,
  ListDocumentsRequest,
  ListenRequest,
  ListenResponse,
  Precondition,
  RunAggregationQueryRequest,
  RunQueryRequest,
  StructuredQuery,
  TransactionOptions,
  WriteRequest,
  WriteResponse,
} from '../types.js';
import { openListen } from '../watch.js';
import { openWriteStream } from '../writeStream.js';
import { databaseOf, streamDatabaseOf } from './callContext.js';

export interface RpcContext {
  identity: Identity;
  metadata: Metadata;
}

export type UnaryRpc = (req: Record<string, unknown>, ctx: RpcContext) => Promise<unknown>;
export type ServerStreamRpc = (req: Record<string, unknown>, ctx: RpcContext) => Promise<unknown[]>;
export interface BidiSession {
  request(req: Record<string, unknown>): void;
  close(): void;
}
export type BidiRpc = (ctx: RpcContext, send: (res: unknown) => void, fail: (err: ApiError) => void) => BidiSession;

export interface FirestoreRpcs {
  unary: Record<string, UnaryRpc>;
  serverStream: Record<string, ServerStreamRpc>;
  bidi: Record<string, BidiRpc>;
}

interface GetDocumentRequest {
  name?: string;
  mask?: { fieldPaths?: string[] };
  transaction?: string;
  readTime?: string;
}

interface CreateDocumentRequest {
  parent?: string;
  collectionId?: string;
  documentId?: string;
  document?: Document;
  mask?: { fieldPaths?: string[] };
}

interface UpdateDocumentRequest {
  document?: Document;
  updateMask?: { fieldPaths?: string[] };
  mask?: { fieldPaths?: string[] };
  currentDocument?: Precondition;
}

interface PartitionQueryRequest {
  parent?: string;
  structuredQuery?: StructuredQuery;
  partitionCount?: string;
}

const callContext = (ctx: RpcContext): CallContext => ({ identity: ctx.identity });

export function createFirestoreRpcs(engine: FirestoreEngine): FirestoreRpcs {
  /** The stored document after a write, masked through the engine when the caller asked. */
  async function documentAfterWrite(name: string, ctx: RpcContext, mask: string[] | undefined, fallback: Document) {
    if (mask) return engine.getDocument(name, callContext(ctx), mask);
    return engine.lookup(name) ?? fallback;
  }

  async function commitOne(database: string, write: CommitRequest['writes'], ctx: RpcContext) {
    return engine.commit(database, { writes: write }, callContext(ctx));
  }

  const unary: Record<string, UnaryRpc> = {
    async GetDocument(raw, ctx) {
      const req = raw as GetDocumentRequest;
      const database = databaseOf(req.name, 'name');
      const name = req.name as string;
      if (req.transaction === undefined && req.readTime === undefined) {
        return engine.getDocument(name, callContext(ctx), req.mask?.fieldPaths);
      }
      const [result] = await engine.batchGet(
        database,
        { documents: [name], mask: req.mask, transaction: req.transaction, readTime: req.readTime },
        callContext(ctx),
      );
      if (!result?.found) throw new ApiError('NOT_FOUND', `Document "${name}" not found.`);
      return result.found;
    },

    async ListDocuments(raw, ctx) {
      const req = raw as unknown as ListDocumentsRequest;
      databaseOf(req.parent, 'parent');
      return engine.listDocuments({ ...req, collectionId: req.collectionId ?? '' }, callContext(ctx));
    },

    async CreateDocument(raw, ctx) {
      const req = raw as CreateDocumentRequest;
      databaseOf(req.parent, 'parent');
      const fields = req.document?.fields ?? {};
      const { name, commit } = await engine.createDocument(
        req.parent as string,
        req.collectionId ?? '',
        req.documentId,
        fields,
        callContext(ctx),
      );
      const time = commit.writeResults[0]?.updateTime ?? commit.commitTime;
      return documentAfterWrite(name, ctx, req.mask?.fieldPaths, { name, fields, createTime: time, updateTime: time });
    },

    async UpdateDocument(raw, ctx) {
      const req = raw as UpdateDocumentRequest;
      if (!req.document) throw invalid('document is required.');
      const database = databaseOf(req.document.name, 'document.name');
      const result = await commitOne(
        database,
        [{ update: req.document, updateMask: req.updateMask, currentDocument: req.currentDocument }],
        ctx,
      );
      const time = result.writeResults[0]?.updateTime ?? result.commitTime;
      return documentAfterWrite(req.document.name, ctx, req.mask?.fieldPaths, { ...req.document, updateTime: time });
    },

    async DeleteDocument(raw, ctx) {
      const req = raw as { name?: string; currentDocument?: Precondition };
      const database = databaseOf(req.name, 'name');
      await commitOne(database, [{ delete: req.name as string, currentDocument: req.currentDocument }], ctx);
      return {};
    },

    async BeginTransaction(raw, ctx) {
      const req = raw as { database?: string; options?: TransactionOptions };
      const database = databaseOf(req.database, 'database');
      return { transaction: await engine.beginTransaction(database, req.options, callContext(ctx)) };
    },

    async Commit(raw, ctx) {
      const req = raw as CommitRequest & { database?: string };
      const database = databaseOf(req.database, 'database');
      return engine.commit(database, { writes: req.writes, transaction: req.transaction }, callContext(ctx));
    },

    async Rollback(raw, ctx) {
      const req = raw as { database?: string; transaction?: string };
      const database = databaseOf(req.database, 'database');
      if (!req.transaction) throw invalid('transaction is required.');
      await engine.rollback(database, req.transaction, callContext(ctx));
      return {};
    },

    async PartitionQuery(raw) {
      // One partition covering the whole query is always a valid answer: no split points.
      const req = raw as PartitionQueryRequest;
      databaseOf(req.parent, 'parent');
      if (!req.structuredQuery) throw invalid('structuredQuery is required.');
      if (req.partitionCount === undefined || BigInt(req.partitionCount) <= 0n) {
        throw invalid('partitionCount must be positive.');
      }
      engine.validateQuery(req.parent as string, req.structuredQuery);
      return { partitions: [] };
    },

    async ListCollectionIds(raw, ctx) {
      const req = raw as unknown as ListCollectionIdsRequest;
      databaseOf(req.parent, 'parent');
      if ((raw as { readTime?: string }).readTime !== undefined) unsupported('ListCollectionIds at a readTime');
      return engine.listCollectionIds(req, callContext(ctx));
    },

    async BatchWrite(raw, ctx) {
      const req = raw as BatchWriteRequest & { database?: string };
      const database = databaseOf(req.database, 'database');
      return engine.batchWrite(database, { writes: req.writes, labels: req.labels }, callContext(ctx));
    },
  };

  const serverStream: Record<string, ServerStreamRpc> = {
    async BatchGetDocuments(raw, ctx) {
      const req = raw as BatchGetRequest & { database?: string };
      const { database: db, ...rest } = req;
      return engine.batchGet(databaseOf(db, 'database'), rest, callContext(ctx));
    },

    async RunQuery(raw, ctx) {
      const req = raw as RunQueryRequest & { explainOptions?: unknown };
      const database = databaseOf(req.parent, 'parent');
      if (req.explainOptions !== undefined) unsupported('Query explain (explainOptions)');
      if (!req.structuredQuery) throw invalid('structuredQuery is required.');
      return engine.runQuery(database, req, callContext(ctx));
    },

    async RunAggregationQuery(raw, ctx) {
      const req = raw as RunAggregationQueryRequest & { explainOptions?: unknown };
      const database = databaseOf(req.parent, 'parent');
      if (req.explainOptions !== undefined) unsupported('Aggregation query explain (explainOptions)');
      if (!req.structuredAggregationQuery) throw invalid('structuredAggregationQuery is required.');
      return engine.runAggregationQuery(database, req, callContext(ctx));
    },
  };

  /** A bidi stream bound to its database by the first request. */
  function lazyStream<Req extends { database?: string }, Res>(
    open: (
      database: string,
      identity: Identity,
      send: (res: Res) => void,
      fail: (err: ApiError) => void,
    ) => { request(req: Req): void; close(): void },
  ): BidiRpc {
    return (ctx, send, fail) => {
      let session: { request(req: Req): void; close(): void } | null = null;
      return {
        request(raw) {
          const req = raw as Req;
          session ??= open(streamDatabaseOf(req.database, ctx.metadata), ctx.identity, send, fail);
          session.request(req);
        },
        close() {
          session?.close();
        },
      };
    };
  }

  const bidi: Record<string, BidiRpc> = {
    Listen: lazyStream<ListenRequest, ListenResponse>((database, identity, send, fail) =>
      openListen(engine, database, identity, send, fail),
    ),
    Write: lazyStream<WriteRequest, WriteResponse>((database, identity, send, fail) =>
      openWriteStream(engine, database, identity, send, fail),
    ),
  };

  return { unary, serverStream, bidi };
}

function unsupported(what: string): never {
  throw unimplemented(what);
}
