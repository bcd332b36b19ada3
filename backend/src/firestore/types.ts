// google.firestore.v1 messages in their proto3 JSON form: the one shape the engine speaks.
// REST and WebChannel carry this form as-is; the gRPC adapter converts protobuf objects to it.

import type { Fields, Value } from '../shared/values.js';

export type { Fields, Value };

export interface Document {
  /** projects/{p}/databases/{d}/documents/{path} */
  name: string;
  fields?: Fields;
  createTime?: string;
  updateTime?: string;
}

export interface Precondition {
  exists?: boolean;
  updateTime?: string;
}

export interface FieldTransform {
  fieldPath: string;
  setToServerValue?: 'REQUEST_TIME' | 'SERVER_VALUE_UNSPECIFIED';
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

export interface Write {
  update?: Document;
  delete?: string;
  verify?: string;
  transform?: { document: string; fieldTransforms?: FieldTransform[] };
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: FieldTransform[];
  currentDocument?: Precondition;
}

export interface WriteResult {
  updateTime?: string;
  transformResults?: Value[];
}

export interface CommitRequest {
  writes?: Write[];
  transaction?: string;
}

export interface CommitResponse {
  writeResults: WriteResult[];
  commitTime: string;
}

export interface TransactionOptions {
  readOnly?: { readTime?: string };
  readWrite?: { retryTransaction?: string };
}

export interface BatchGetRequest {
  documents?: string[];
  mask?: { fieldPaths?: string[] };
  transaction?: string;
  newTransaction?: TransactionOptions;
  readTime?: string;
}

export interface BatchGetResponse {
  found?: Document;
  missing?: string;
  transaction?: string;
  readTime?: string;
}

export interface FieldReference {
  fieldPath: string;
}

export type FieldFilterOp =
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'ARRAY_CONTAINS_ANY'
  | 'NOT_IN';

export type UnaryFilterOp = 'IS_NAN' | 'IS_NULL' | 'IS_NOT_NAN' | 'IS_NOT_NULL';

export interface Filter {
  compositeFilter?: { op: 'AND' | 'OR'; filters?: Filter[] };
  fieldFilter?: { field: FieldReference; op: FieldFilterOp; value: Value };
  unaryFilter?: { op: UnaryFilterOp; field: FieldReference };
}

export interface Order {
  field: FieldReference;
  direction?: 'ASCENDING' | 'DESCENDING' | 'DIRECTION_UNSPECIFIED';
}

export interface Cursor {
  values?: Value[];
  before?: boolean;
}

export interface StructuredQuery {
  select?: { fields?: FieldReference[] };
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  /** proto3 JSON of google.protobuf.Int32Value: a plain number (or {value} from some clients). */
  limit?: number | { value?: number };
  findNearest?: unknown;
}

export interface RunQueryRequest {
  parent?: string;
  structuredQuery?: StructuredQuery;
  transaction?: string;
  newTransaction?: TransactionOptions;
  readTime?: string;
}

export interface RunQueryResponse {
  document?: Document;
  readTime?: string;
  transaction?: string;
  skippedResults?: number;
  done?: boolean;
}

export interface Aggregation {
  alias?: string;
  count?: { upTo?: number | string };
  sum?: { field: FieldReference };
  avg?: { field: FieldReference };
}

export interface RunAggregationQueryRequest {
  parent?: string;
  structuredAggregationQuery?: { structuredQuery?: StructuredQuery; aggregations?: Aggregation[] };
  transaction?: string;
  newTransaction?: TransactionOptions;
  readTime?: string;
}

export interface RunAggregationQueryResponse {
  result?: { aggregateFields: Record<string, Value> };
  readTime?: string;
  transaction?: string;
}

export interface BatchWriteRequest {
  writes?: Write[];
  labels?: Record<string, string>;
}

export interface BatchWriteResponse {
  writeResults: WriteResult[];
  status: { code: number; message?: string }[];
}

export interface ListDocumentsRequest {
  /** projects/{p}/databases/{d}/documents[/{doc path}] */
  parent: string;
  collectionId: string;
  pageSize?: number;
  pageToken?: string;
  orderBy?: string;
  mask?: { fieldPaths?: string[] };
  showMissing?: boolean;
  transaction?: string;
  readTime?: string;
}

export interface ListDocumentsResponse {
  documents: Document[];
  nextPageToken?: string;
}

export interface ListCollectionIdsRequest {
  parent: string;
  pageSize?: number;
  pageToken?: string;
}

export interface ListCollectionIdsResponse {
  collectionIds: string[];
  nextPageToken?: string;
}

// ---- Listen ----

export interface Target {
  targetId?: number;
  documents?: { documents?: string[] };
  query?: { parent?: string; structuredQuery?: StructuredQuery };
  resumeToken?: string;
  readTime?: string;
  once?: boolean;
  expectedCount?: number | { value?: number };
}

export interface ListenRequest {
  database?: string;
  addTarget?: Target;
  removeTarget?: number;
  labels?: Record<string, string>;
}

export type TargetChangeType = 'NO_CHANGE' | 'ADD' | 'REMOVE' | 'CURRENT' | 'RESET';

export interface ListenResponse {
  targetChange?: {
    targetChangeType?: TargetChangeType;
    targetIds?: number[];
    cause?: { code: number; message: string };
    resumeToken?: string;
    readTime?: string;
  };
  documentChange?: { document: Document; targetIds?: number[]; removedTargetIds?: number[] };
  documentDelete?: { document: string; removedTargetIds?: number[]; readTime?: string };
  documentRemove?: { document: string; removedTargetIds?: number[]; readTime?: string };
  filter?: { targetId: number; count: number };
}

// ---- Write stream ----

export interface WriteRequest {
  database?: string;
  streamId?: string;
  writes?: Write[];
  streamToken?: string;
  labels?: Record<string, string>;
}

export interface WriteResponse {
  streamId?: string;
  streamToken?: string;
  writeResults?: WriteResult[];
  commitTime?: string;
}
