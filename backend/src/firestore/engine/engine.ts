// The Firestore engine: one implementation of FirestoreEngine behind every protocol. It
// validates requests, applies commits atomically to the store, serves reads and queries,
// runs transactions, asks the authorization seam, and makes commits durable via the journal.

import { randomInt } from 'node:crypto';
import type { Identity } from '../../authz/identity.js';
import { allowAll, type Authorizer } from '../../authz/seam.js';
import { openJournal, type Journal } from '../../persistence/journal.js';
import { ApiError, Code, invalid, unimplemented } from '../errors.js';
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
  WriteResult,
} from '../types.js';
import { aggregate, aggregatedFields, prepareAggregations } from './aggregate.js';
import {
  authorizeGet,
  authorizeList,
  authorizeListDocuments,
  authorizeWrite,
  requestReads,
  type RequestReads,
} from './access.js';
import type { CallContext, CommitEvent, DocumentChange, EngineOptions, FirestoreEngine, ListenReads } from './api.js';
import {
  compareResourceNames,
  parseDocumentName,
  parseFieldPath,
  parseParent,
  projectFields,
  validateDatabase,
} from './paths.js';
import { inCollection, matchesQuery, prepareQuery, project, runPrepared } from './query.js';
import { applyRecord, snapshotRecords, type EngineRecord } from './records.js';
import { ChangeHistory, DocumentStore } from './store.js';
import { TransactionTable, checkReads, recordRead, type Transaction } from './transactions.js';
import { formatMicros, normalizeFields, timestampToMicros } from './values.js';
import { applyWrite, applyWrites, parseWrite, type ParsedWrite } from './writes.js';

const DEFAULT_PAGE_SIZE = 300;
const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character id from a uniform random alphabet, as the SDKs generate for added documents. */
function autoId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += AUTO_ID_ALPHABET[randomInt(AUTO_ID_ALPHABET.length)];
  return id;
}

/** EngineOptions plus tuning that only tests and benchmarks need. */
export interface EngineSetup extends EngineOptions {
  /** Log size that triggers compaction into a snapshot (default 64 MiB). */
  compactBytes?: number;
  /** Opens a damaged data folder by salvaging every intact record (see openJournal). */
  salvage?: boolean;
  /** Start-up reports of the data folder (a cut torn tail, a salvage). */
  log?: (line: string) => void;
}

export async function createEngine(options: EngineSetup): Promise<FirestoreEngine> {
  const store = new DocumentStore();
  const history = new ChangeHistory();
  let journal: Journal | null = null;
  if (options.dataDir) {
    journal = await openJournal({
      dir: options.dataDir,
      replay: (raw, source) => {
        const record = raw as EngineRecord;
        if (source === 'snapshot') {
          applyRecord(store, record);
          return;
        }
        // A log record at or below the version already loaded is in the snapshot already.
        if (BigInt(record.time) <= store.version(record.db)) return;
        // What the log holds after the snapshot is history a listener's resume token can reach.
        if (!history.has(record.db)) history.start(record.db, store.version(record.db));
        applyRecord(store, record, history);
      },
      snapshot: () => snapshotRecords(store),
      compactBytes: options.compactBytes,
      salvage: options.salvage,
      log: options.log,
    });
  }
  for (const db of store.databases()) if (!history.has(db)) history.start(db, store.version(db));
  return new Engine(store, journal, options, history);
}

/** Where a read happens: at the current version, possibly inside a transaction. */
interface ReadContext {
  tx: Transaction | null;
  /** Set when the request began a transaction: its id goes in the first response. */
  newTransaction: string | null;
  readTime: string;
}

class Engine implements FirestoreEngine {
  authorizer: Authorizer;
  private readonly listeners = new Set<(event: CommitEvent) => void>();
  private readonly transactions = new TransactionTable();
  private readonly readsByDatabase = new Map<string, number>();
  /** Per database, the version onCommit listeners have been told every change through. */
  private readonly notified = new Map<string, bigint>();
  /** Just below every version this engine gives out: nothing at or before it is unreported. */
  private readonly origin: bigint;
  /** The latest journal append: a commit that writes nothing still waits for what it read to be durable. */
  private lastAppend: Promise<void> = Promise.resolve();
  /** Journal appends not yet settled. */
  private appending = 0;
  private closed = false;

  constructor(
    private readonly store: DocumentStore,
    private readonly journal: Journal | null,
    private readonly options: EngineOptions,
    private readonly history: ChangeHistory,
  ) {
    this.authorizer = options.authorizer ?? allowAll;
    this.origin = this.clock() - 1n;
    history.origin = this.origin;
    for (const db of store.databases()) {
      const version = store.version(db);
      this.notified.set(db, version > this.origin ? version : this.origin);
    }
  }

  // ---- writes ----

  async commit(database: string, request: CommitRequest, ctx: CallContext): Promise<CommitResponse> {
    validateDatabase(database);
    const req = requestObject(request);
    this.ensureOpen();
    const writes = parseWrites(req.writes, database);
    if (req.transaction !== undefined && req.transaction !== null && req.transaction !== '') {
      const tx = this.transactions.get(database, req.transaction);
      // A commit ends its transaction, whatever the outcome.
      this.transactions.finish(tx);
      if (tx.readOnly && writes.length > 0) throw invalid('A read-only transaction cannot commit writes.');
      checkReads(tx, this.store);
    }
    const { micros, time, date } = this.nextVersion(database);
    const { steps, overlay, changes, writeResults } = applyWrites(writes, (name) => this.store.get(name), time);
    // Every write is decided once the whole commit is known: getAfter() sees its final state.
    const reads = requestReads((name) => this.store.get(name), writes.length > 1 || Boolean(req.transaction), overlay);
    for (const { write, before, after } of steps) {
      if (write.kind !== 'verify')
        authorizeWrite(this.authorizer, ctx.identity, write.key.name, before, after, date, time, reads);
    }
    await this.apply(
      { t: 'commit', db: database, time: micros.toString(), docs: changes.map((c) => [c.name, c.after]) },
      changes,
      time,
    );
    return { writeResults, commitTime: time };
  }

  async batchWrite(database: string, request: BatchWriteRequest, ctx: CallContext): Promise<BatchWriteResponse> {
    validateDatabase(database);
    const req = requestObject(request);
    this.ensureOpen();
    const writes = parseWrites(req.writes, database);
    const names = new Set<string>();
    for (const w of writes) {
      if (names.has(w.key.name)) throw invalid(`A batch write may not contain more than one write to ${w.key.name}.`);
      names.add(w.key.name);
    }
    const { micros, time, date } = this.nextVersion(database);
    const writeResults: WriteResult[] = [];
    const status: BatchWriteResponse['status'] = [];
    const changes: DocumentChange[] = [];
    for (const w of writes) {
      const name = w.key.name;
      const before = this.store.get(name);
      try {
        const { after, transformResults } = applyWrite(w, before, time);
        // Each write of a batchWrite is applied on its own, so it is its own request for rules.
        const reads = requestReads((n) => this.store.get(n), false, new Map([[name, after]]));
        if (w.kind !== 'verify') authorizeWrite(this.authorizer, ctx.identity, name, before, after, date, time, reads);
        if (after !== before) changes.push({ name, before, after });
        const updateTime = after === before && after !== null && w.kind !== 'delete' ? (after.updateTime ?? time) : time;
        writeResults.push(transformResults.length > 0 ? { updateTime, transformResults } : { updateTime });
        status.push({ code: Code.OK });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        writeResults.push({});
        status.push({ code: err.code, message: err.message });
      }
    }
    await this.apply(
      { t: 'commit', db: database, time: micros.toString(), docs: changes.map((c) => [c.name, c.after]) },
      changes,
      time,
    );
    return { writeResults, status };
  }

  /**
   * Applies a record to memory now, then resolves (and notifies listeners) once it is durable.
   * A commit that changed nothing needs no record and no event: it resolves once everything
   * before it is durable, since its answer may rest on it.
   */
  private async apply(record: EngineRecord, changes: DocumentChange[], time: string): Promise<void> {
    if (record.t === 'commit' && changes.length === 0) {
      await this.lastAppend;
      return;
    }
    applyRecord(this.store, record, this.history);
    const version = BigInt(record.time);
    const event: CommitEvent = {
      database: record.db,
      commitTime: time,
      changes,
      ...(record.t === 'reset' ? { reset: true } : {}),
    };
    if (!this.journal) {
      this.emit(event, version);
      return;
    }
    const appended = this.journal.append(record, () => this.emit(event, version));
    this.lastAppend = appended;
    this.appending += 1;
    const settled = () => {
      this.appending -= 1;
    };
    appended.then(settled, settled);
    await appended;
  }

  private emit(event: CommitEvent, version: bigint): void {
    this.notified.set(event.database, version);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing listener must not break commits or the other listeners.
      }
    }
  }

  /** Microseconds since the epoch. */
  private clock(): bigint {
    return this.options.now
      ? BigInt(this.options.now().getTime()) * 1000n
      : BigInt(Math.floor((performance.timeOrigin + performance.now()) * 1000));
  }

  private nextVersion(database: string): { micros: bigint; time: string; date: Date } {
    const clock = this.clock();
    const last = this.store.version(database);
    const micros = clock > last ? clock : last + 1n;
    // Reserve the version at once so concurrent commits never share one.
    this.store.setVersion(database, micros);
    return { micros, time: formatMicros(micros), date: new Date(Number(micros / 1000n)) };
  }

  private ensureOpen(): void {
    if (this.closed) throw new ApiError('UNAVAILABLE', 'The Firestore engine is closed.');
  }

  // ---- reads ----

  async beginTransaction(database: string, options: TransactionOptions | undefined, _ctx: CallContext): Promise<string> {
    validateDatabase(database);
    return this.transactions.begin(database, options ?? undefined).id;
  }

  async rollback(database: string, transaction: string, _ctx: CallContext): Promise<void> {
    validateDatabase(database);
    this.transactions.finish(this.transactions.get(database, transaction));
  }

  async batchGet(database: string, request: BatchGetRequest, ctx: CallContext): Promise<BatchGetResponse[]> {
    validateDatabase(database);
    const req = requestObject(request);
    const names = req.documents ?? [];
    if (!Array.isArray(names)) throw invalid('documents must be a list of document names.');
    const keys = names.map((n) => parseDocumentName(n, database));
    const mask = parseMask(req.mask);
    const rc = this.readContext(database, req);
    const now = this.now();
    const reads = this.reads(keys.length > 1);
    const out: BatchGetResponse[] = [];
    for (const key of keys) {
      const doc = this.store.get(key.name);
      authorizeGet(this.authorizer, ctx.identity, key.name, doc, now, reads);
      if (rc.tx) recordRead(rc.tx, key.name, doc);
      out.push(
        doc ? { found: mask ? withMask(doc, mask) : doc, readTime: rc.readTime } : { missing: key.name, readTime: rc.readTime },
      );
    }
    this.recordReads(database, out.filter((item) => item.found).length);
    if (rc.newTransaction) {
      if (out.length === 0) out.push({ transaction: rc.newTransaction, readTime: rc.readTime });
      else out[0] = { ...out[0], transaction: rc.newTransaction };
    }
    return this.onceDurable(out);
  }

  async runQuery(database: string, request: RunQueryRequest, ctx: CallContext): Promise<RunQueryResponse[]> {
    validateDatabase(database);
    const req = requestObject(request);
    if (!req.structuredQuery) throw invalid('runQuery needs a structuredQuery.');
    const q = prepareQuery(req.parent ?? '', req.structuredQuery, database);
    this.options.indexes?.check(req.structuredQuery, q);
    const rc = this.readContext(database, req);
    authorizeList(this.authorizer, ctx.identity, q, req.structuredQuery.where, this.now(), this.reads(false));
    const docs = runPrepared(this.store, q);
    if (rc.tx) for (const doc of docs) recordRead(rc.tx, doc.name, doc);
    const out: RunQueryResponse[] = docs.map((doc) => ({ document: project(q, doc), readTime: rc.readTime }));
    this.recordReads(database, docs.length);
    if (out.length === 0) out.push({ readTime: rc.readTime });
    if (rc.newTransaction) out[0] = { transaction: rc.newTransaction, ...out[0] };
    return this.onceDurable(out);
  }

  async runAggregationQuery(
    database: string,
    request: RunAggregationQueryRequest,
    ctx: CallContext,
  ): Promise<RunAggregationQueryResponse[]> {
    validateDatabase(database);
    const req = requestObject(request);
    const saq = req.structuredAggregationQuery;
    if (!saq?.structuredQuery) throw invalid('runAggregationQuery needs a structuredAggregationQuery with a structuredQuery.');
    const q = prepareQuery(req.parent ?? '', saq.structuredQuery, database);
    const aggs = prepareAggregations(saq.aggregations);
    this.options.indexes?.check(saq.structuredQuery, q, aggregatedFields(aggs));
    const rc = this.readContext(database, req);
    authorizeList(this.authorizer, ctx.identity, q, saq.structuredQuery.where, this.now(), this.reads(false));
    const docs = runPrepared(this.store, q);
    if (rc.tx) for (const doc of docs) recordRead(rc.tx, doc.name, doc);
    const response: RunAggregationQueryResponse = { result: { aggregateFields: aggregate(aggs, docs) }, readTime: rc.readTime };
    if (rc.newTransaction) response.transaction = rc.newTransaction;
    return this.onceDurable([response]);
  }

  async getDocument(name: string, ctx: CallContext, mask?: string[]): Promise<Document> {
    const key = parseDocumentName(name);
    const doc = this.store.get(key.name);
    authorizeGet(this.authorizer, ctx.identity, key.name, doc, this.now(), this.reads(false));
    if (!doc) throw new ApiError('NOT_FOUND', `Document "${key.name}" not found.`);
    this.recordReads(key.database, 1);
    return this.onceDurable(mask ? withMask(doc, parseMask({ fieldPaths: mask })!) : doc);
  }

  async listDocuments(req: ListDocumentsRequest, ctx: CallContext): Promise<ListDocumentsResponse> {
    if (typeof req !== 'object' || req === null) throw invalid('Invalid listDocuments request.');
    const parent = parseParent(req.parent);
    if (typeof req.collectionId !== 'string' || req.collectionId === '' || req.collectionId.includes('/')) {
      throw invalid(`Invalid collection id "${String(req.collectionId)}".`);
    }
    if (req.orderBy !== undefined && req.orderBy !== '' && req.orderBy !== '__name__') {
      throw unimplemented(`listDocuments ordered by "${req.orderBy}" (only __name__)`);
    }
    const pageSize = pageSizeOf(req.pageSize);
    const after = decodeToken(req.pageToken);
    const mask = parseMask(req.mask);
    const rc = this.readContext(parent.database, { transaction: req.transaction, readTime: req.readTime });
    const collection = `${parent.name}/${req.collectionId}`;
    const docs = new Map<string, Document>();
    for (const doc of this.store.collection(collection)) docs.set(doc.name, doc);
    if (req.showMissing) {
      // Missing documents: absent themselves, but with documents in their subcollections.
      for (const sub of this.store.collectionsUnder(collection)) {
        const id = sub.slice(collection.length + 1).split('/', 1)[0];
        const name = `${collection}/${id}`;
        if (!docs.has(name)) docs.set(name, { name });
      }
    }
    const sorted = [...docs.values()]
      .filter((d) => after === null || compareResourceNames(d.name, after) > 0)
      .sort((a, b) => compareResourceNames(a.name, b.name));
    const page = sorted.slice(0, pageSize);
    authorizeListDocuments(this.authorizer, ctx.identity, collection, pageSize, this.now(), this.reads(false));
    if (rc.tx) for (const doc of page) recordRead(rc.tx, doc.name, doc.updateTime ? doc : null);
    const out: ListDocumentsResponse = { documents: page.map((d) => (mask && d.updateTime ? withMask(d, mask) : d)) };
    const last = page.at(-1);
    if (sorted.length > pageSize && last) out.nextPageToken = encodeToken(last.name);
    return this.onceDurable(out);
  }

  async listCollectionIds(req: ListCollectionIdsRequest, ctx: CallContext): Promise<ListCollectionIdsResponse> {
    if (typeof req !== 'object' || req === null) throw invalid('Invalid listCollectionIds request.');
    const parent = parseParent(req.parent);
    if (!ctx.identity.admin) {
      throw new ApiError('PERMISSION_DENIED', `Missing or insufficient permissions: listCollectionIds on ${parent.name}`);
    }
    const pageSize = pageSizeOf(req.pageSize);
    const after = decodeToken(req.pageToken);
    const ids = new Set<string>();
    for (const collection of this.store.collectionsUnder(parent.name)) {
      const [id] = collection.slice(parent.name.length + 1).split('/', 1);
      if (id) ids.add(id);
    }
    const sorted = [...ids].filter((id) => after === null || compareResourceNames(id, after) > 0).sort(compareResourceNames);
    const out: ListCollectionIdsResponse = { collectionIds: sorted.slice(0, pageSize) };
    const lastId = out.collectionIds.at(-1);
    if (sorted.length > pageSize && lastId !== undefined) out.nextPageToken = encodeToken(lastId);
    return this.onceDurable(out);
  }

  undurable(): Promise<void> | null {
    return this.appending > 0 ? this.lastAppend : null;
  }

  /**
   * A read's answer, given once every write it may have seen is durable. A commit is applied to
   * memory at once and written to the journal after (in one group commit with its neighbours), so
   * a read can see a write that a crash then loses: an admin's press read back as applied, the
   * backend killed a moment later, and the restarted backend without it. Production never shows a
   * write it has not made durable; neither does this backend, at the cost of a read waiting for the
   * journal write in flight.
   */
  private async onceDurable<T>(answer: T): Promise<T> {
    await this.lastAppend;
    return answer;
  }

  /** Resolves transaction / newTransaction / readTime (at most one) into a read context. */
  private readContext(
    database: string,
    req: { transaction?: string; newTransaction?: TransactionOptions; readTime?: string },
  ): ReadContext {
    const given = [req.transaction, req.newTransaction, req.readTime].filter((x) => x !== undefined && x !== null && x !== '');
    if (given.length > 1) throw invalid('A read may set only one of transaction, newTransaction and readTime.');
    let tx: Transaction | null = null;
    let newTransaction: string | null = null;
    let readTime: bigint | null = null;
    if (req.transaction) {
      tx = this.transactions.get(database, req.transaction);
      readTime = tx.readTime;
    } else if (req.newTransaction) {
      tx = this.transactions.begin(database, req.newTransaction);
      newTransaction = tx.id;
      readTime = tx.readTime;
    } else if (req.readTime) {
      readTime = timestampToMicros(req.readTime, 'readTime');
    }
    const version = this.store.version(database);
    if (readTime !== null && readTime < version) {
      throw unimplemented('Point-in-time reads (a readTime older than the latest commit)');
    }
    // A read at no given time is served now, as Firestore's are: its readTime is the server's
    // clock (never before the latest commit), which clients may estimate the server's time from.
    const served = tx === null && readTime === null ? this.clock() : version;
    return { tx, newTransaction, readTime: formatMicros(served > version ? served : version) };
  }

  /** What rules read during a read request: the stored state (getAfter sees the same). */
  private reads(multiDocument: boolean): RequestReads {
    return requestReads((name) => this.store.get(name), multiDocument);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  // ---- synchronous helpers for the listen logic ----

  recordReads(database: string, documents: number): void {
    if (documents > 0) this.readsByDatabase.set(database, (this.readsByDatabase.get(database) ?? 0) + documents);
  }

  readCount(database: string): number {
    return this.readsByDatabase.get(database) ?? 0;
  }

  currentTime(database: string): string {
    return formatMicros(this.store.version(database));
  }

  notifiedTime(database: string): string {
    return formatMicros(this.notified.get(database) ?? this.origin);
  }

  changedSince(database: string, since: string): ReadonlySet<string> | null {
    const version = timestampToMicros(since, 'since');
    // Later than anything reported here: a token from another backend, which this history cannot answer.
    if (version > (this.notified.get(database) ?? this.origin)) return null;
    return this.history.since(database, version);
  }

  inQueryScope(parent: string, query: StructuredQuery, name: string): boolean {
    return inCollection(prepareQuery(parent, query), { name });
  }

  lookup(name: string): Document | null {
    return this.store.get(name);
  }

  query(parent: string, query: StructuredQuery): Document[] {
    const q = prepareQuery(parent, query);
    return runPrepared(this.store, q).map((doc) => project(q, doc));
  }

  matches(parent: string, query: StructuredQuery, doc: Document): boolean {
    return matchesQuery(prepareQuery(parent, query), doc);
  }

  validateQuery(parent: string, query: StructuredQuery, database?: string): void {
    const prepared = prepareQuery(parent, query, database);
    this.options.indexes?.check(query, prepared);
  }

  authorizeListen(identity: Identity, access: ListenReads, time: Date): void {
    const lookup = (name: string) => this.store.get(name);
    if (access.kind === 'documents') {
      const reads = requestReads(lookup, access.docs.length > 1);
      for (const { name, doc } of access.docs) authorizeGet(this.authorizer, identity, name, doc, time, reads);
    } else {
      // Decided from the query alone, as runQuery is: what it delivers does not change the answer.
      const q = prepareQuery(access.parent, access.query);
      authorizeList(this.authorizer, identity, q, access.query.where, time, requestReads(lookup, false));
    }
  }

  async createDocument(
    parent: string,
    collectionId: string,
    documentId: string | undefined,
    fields: Fields,
    ctx: CallContext,
  ): Promise<{ name: string; commit: CommitResponse }> {
    if (!collectionId) throw invalid('collectionId is required.');
    const database = parseParent(parent).database;
    const name = `${parent}/${collectionId}/${documentId || autoId()}`;
    const commit = await this.commit(
      database,
      { writes: [{ update: { name, fields }, currentDocument: { exists: false } }] },
      ctx,
    );
    return { name, commit };
  }

  onCommit(listener: (event: CommitEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- emulator operations ----

  async reset(database?: string): Promise<void> {
    this.ensureOpen();
    const databases = database === undefined ? this.store.databases() : [validateDatabase(database)];
    const pending: Promise<void>[] = [];
    for (const db of databases) {
      this.transactions.forget(db);
      const changes: DocumentChange[] = this.store.all(db).map((doc) => ({ name: doc.name, before: doc, after: null }));
      const { micros, time } = this.nextVersion(db);
      pending.push(this.apply({ t: 'reset', db, time: micros.toString() }, changes, time));
    }
    await Promise.all(pending);
  }

  exportDocuments(): Document[] {
    return this.store.all();
  }

  async importDocuments(docs: Document[]): Promise<void> {
    this.ensureOpen();
    if (!Array.isArray(docs)) throw invalid('importDocuments needs a list of documents.');
    const byDatabase = new Map<string, { name: string; fields: Document['fields'] }[]>();
    for (const doc of docs) {
      const key = parseDocumentName(doc?.name);
      const fields = normalizeFields(doc.fields, 'fields', { forWrite: true });
      let list = byDatabase.get(key.database);
      if (!list) byDatabase.set(key.database, (list = []));
      list.push({ name: key.name, fields });
    }
    const pending: Promise<void>[] = [];
    for (const [db, list] of byDatabase) {
      const { micros, time } = this.nextVersion(db);
      const changes: DocumentChange[] = list.map(({ name, fields }) => {
        const before = this.store.get(name);
        return { name, before, after: { name, fields, createTime: before?.createTime ?? time, updateTime: time } };
      });
      pending.push(
        this.apply({ t: 'commit', db, time: micros.toString(), docs: changes.map((c) => [c.name, c.after]) }, changes, time),
      );
    }
    await Promise.all(pending);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.journal?.close();
  }
}

/** A request body must be an object; a missing one reads as empty. */
function requestObject<T extends object>(req: T | undefined | null): T {
  if (req === undefined || req === null) return {} as T;
  if (typeof req !== 'object' || Array.isArray(req)) throw invalid('The request must be an object.');
  return req;
}

function parseWrites(writes: unknown, database: string): ParsedWrite[] {
  if (writes === undefined || writes === null) return [];
  if (!Array.isArray(writes)) throw invalid('writes must be a list.');
  return writes.map((w) => parseWrite(w, database));
}

function parseMask(mask: { fieldPaths?: string[] } | undefined): string[][] | null {
  if (mask === undefined || mask === null) return null;
  const paths = mask.fieldPaths ?? [];
  if (!Array.isArray(paths)) throw invalid('mask.fieldPaths must be a list.');
  return paths.map(parseFieldPath);
}

function withMask(doc: Document, mask: string[][]): Document {
  return { ...doc, fields: projectFields(doc.fields, mask) };
}

function pageSizeOf(raw: unknown): number {
  if (raw === undefined || raw === null || raw === 0) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(raw) || (raw as number) < 0) throw invalid('pageSize must be a non-negative integer.');
  return raw as number;
}

function encodeToken(last: string): string {
  return Buffer.from(last, 'utf8').toString('base64url');
}

function decodeToken(token: unknown): string | null {
  if (token === undefined || token === null || token === '') return null;
  if (typeof token !== 'string') throw invalid('pageToken must be a string.');
  return Buffer.from(token, 'base64url').toString('utf8');
}
