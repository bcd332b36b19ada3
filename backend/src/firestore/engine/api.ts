// The contract between the Firestore engine and everything around it (protocol adapters,
// the listen/write stream logic, the emulator REST endpoints, the benchmark).
// Every request and response is the proto3 JSON form of google.firestore.v1 (../types.ts).
// `database` is always `projects/{project}/databases/{database}`.

import type { Identity } from '../../authz/identity.js';
import type { Authorizer } from '../../authz/seam.js';
import type { IndexPolicy } from '../indexes/indexPolicy.js';
import type {
  BatchGetRequest,
  BatchGetResponse,
  BatchWriteRequest,
  BatchWriteResponse,
  CommitRequest,
  CommitResponse,
  Document,
  Fields,
  ListCollectionIdsRequest,
  ListCollectionIdsResponse,
  ListDocumentsRequest,
  ListDocumentsResponse,
  RunAggregationQueryRequest,
  RunAggregationQueryResponse,
  RunQueryRequest,
  RunQueryResponse,
  StructuredQuery,
  TransactionOptions,
} from '../types.js';

export interface CallContext {
  identity: Identity;
}

/** One document's change inside a commit. `before`/`after` are null when absent. */
export interface DocumentChange {
  name: string;
  before: Document | null;
  after: Document | null;
}

/** Emitted once per durable commit, in commit order. */
export interface CommitEvent {
  database: string;
  /** RFC 3339 with microseconds; strictly increasing per database. */
  commitTime: string;
  changes: DocumentChange[];
  /** A reset (the emulator's delete-all): listeners see the deletions; triggers do not fire for it. */
  reset?: boolean;
}

export interface EngineOptions {
  /** Folder for durable data; absent = memory only (unit tests). */
  dataDir?: string;
  authorizer?: Authorizer;
  /** The projects' indexes; absent = every query runs, as in the official emulator. */
  indexes?: IndexPolicy;
  /** Clock, for tests. */
  now?: () => Date;
}

/** What a listener is about to deliver, for authorizeListen. */
export type ListenReads =
  | { kind: 'documents'; docs: { name: string; doc: Document | null }[] }
  | { kind: 'query'; parent: string; query: StructuredQuery };

export interface FirestoreEngine {
  /** The single authorization seam's decider for client calls; swappable (rules reload). */
  authorizer: Authorizer;

  // ---- RPCs (each validates its input and throws ApiError) ----
  commit(database: string, req: CommitRequest, ctx: CallContext): Promise<CommitResponse>;
  batchGet(database: string, req: BatchGetRequest, ctx: CallContext): Promise<BatchGetResponse[]>;
  runQuery(database: string, req: RunQueryRequest, ctx: CallContext): Promise<RunQueryResponse[]>;
  runAggregationQuery(
    database: string,
    req: RunAggregationQueryRequest,
    ctx: CallContext,
  ): Promise<RunAggregationQueryResponse[]>;
  beginTransaction(database: string, options: TransactionOptions | undefined, ctx: CallContext): Promise<string>;
  rollback(database: string, transaction: string, ctx: CallContext): Promise<void>;
  batchWrite(database: string, req: BatchWriteRequest, ctx: CallContext): Promise<BatchWriteResponse>;
  getDocument(name: string, ctx: CallContext, mask?: string[]): Promise<Document>;
  listDocuments(req: ListDocumentsRequest, ctx: CallContext): Promise<ListDocumentsResponse>;
  listCollectionIds(req: ListCollectionIdsRequest, ctx: CallContext): Promise<ListCollectionIdsResponse>;

  // ---- Synchronous reads of the current state, for the listen logic ----
  /** The current version of a database (RFC 3339, microseconds); the epoch when empty. */
  currentTime(database: string): string;
  /**
   * The version onCommit listeners have been told every change through (RFC 3339, µs): a
   * listener that has handled every event has seen all changes up to it. Resume tokens carry it.
   */
  notifiedTime(database: string): string;
  /**
   * The names of the documents written or deleted after `since` (a notifiedTime), or null when
   * the engine's history does not reach back that far: it keeps the last HISTORY_LIMIT changed
   * names per database, from start-up's snapshot on, and restarts at a reset.
   */
  changedSince(database: string, since: string): ReadonlySet<string> | null;
  /** Whether a document name lies in a query's collection (or collection group), whatever its fields. */
  inQueryScope(parent: string, query: StructuredQuery, name: string): boolean;
  /**
   * While a write applied to memory is not yet on disk, a promise that settles once it (and every
   * write before it) is; null when everything in memory is durable. A listen holds what it shows
   * until then, as every other read does.
   */
  undurable(): Promise<void> | null;
  /** A stored document, or null. */
  lookup(name: string): Document | null;
  /** The documents a query returns now, in query order (limit, offset and cursors applied). */
  query(parent: string, query: StructuredQuery): Document[];
  /** Whether a document matches a query's collection and filters (ignores order/limit/cursors). */
  matches(parent: string, query: StructuredQuery, doc: Document): boolean;
  /**
   * Throws INVALID_ARGUMENT when a query is malformed or unsupported (or names another database),
   * and FAILED_PRECONDITION when its project's indexes cannot serve it (where they are required).
   */
  validateQuery(parent: string, query: StructuredQuery, database?: string): void;
  /**
   * Decides reads a listener delivers as get and runQuery decide them (throws PERMISSION_DENIED):
   * each document of a documents target; a query target from its filters alone.
   */
  authorizeListen(identity: Identity, reads: ListenReads, time: Date): void;
  /**
   * createDocument: a new document under `parent` (the database's documents or a document)
   * in `collectionId`, with the given id or an auto-id as the SDKs make them (20 characters).
   */
  createDocument(
    parent: string,
    collectionId: string,
    documentId: string | undefined,
    fields: Fields,
    ctx: CallContext,
  ): Promise<{ name: string; commit: CommitResponse }>;

  /**
   * Document reads as Firestore bills them (documents returned by gets and queries, and documents
   * delivered to listeners), per database: the figure a read budget is checked against.
   */
  recordReads(database: string, documents: number): void;
  readCount(database: string): number;

  /** Commit events, after each commit is durable. Returns the unsubscribe function. */
  onCommit(listener: (event: CommitEvent) => void): () => void;

  // ---- Emulator operations ----
  /** Deletes every document of one database (all databases when omitted). */
  reset(database?: string): Promise<void>;
  /** Every document of every database. */
  exportDocuments(): Document[];
  /** Writes the documents (keeping their fields; times become now). */
  importDocuments(docs: Document[]): Promise<void>;
  /** Flushes and closes the data files. */
  close(): Promise<void>;
}
