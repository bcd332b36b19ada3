// Production's refusal of a query its indexes cannot serve: FAILED_PRECONDITION with a console
// link that carries the index. The link's parameter is a google.firestore.admin.v1.Index
// message, serialized and base64url-encoded without padding: `name` (1) ends in `/indexes/_`
// (create_composite) or `/fields/{field}` (create_exemption), `query_scope` (2), and `fields`
// (3), each `field_path` (1) with `order` (2) or `array_config` (3). Links quoted in public
// projects decode to exactly this form.

import { ApiError } from '../errors.js';
import type { FieldMode, IndexField, QueryScope } from './definitions.js';
import type { MissingIndex } from './planner.js';

const CONSOLE = 'https://console.firebase.google.com/v1/r/project';
const MULTIPLE_RANGE_GUIDE =
  ' .\nThe query contains range and inequality filters on multiple fields, please refer to the documentation for ' +
  'index selection best practices: https://cloud.google.com/firestore/docs/query-data/multiple-range-fields.';

const SCOPE_NUMBER: Record<QueryScope, number> = { COLLECTION: 1, COLLECTION_GROUP: 2 };
const MODE_WORD: Record<FieldMode, string> = { ASCENDING: 'ASC', DESCENDING: 'DESC', CONTAINS: 'CONTAINS' };

/** `database`: `projects/{project}/databases/{database}`. */
export function missingIndexError(database: string, missing: MissingIndex): ApiError {
  const project = database.split('/')[1] ?? '';
  const group = `${database}/collectionGroups/${missing.collectionGroup}`;
  const console = `${CONSOLE}/${project}/firestore/indexes`;
  const [field] = missing.fields;
  if (missing.kind === 'single' && field) {
    const link = encodeIndex(`${group}/fields/${field.path}`, missing.scope, [field]);
    return new ApiError(
      'FAILED_PRECONDITION',
      `The query requires a ${missing.scope}_${MODE_WORD[field.mode]} index for collection ${missing.collectionGroup} ` +
        `and field ${field.path}. You can create it here: ${console}?create_exemption=${link}`,
    );
  }
  const link = encodeIndex(`${group}/indexes/_`, missing.scope, missing.fields);
  const guide = missing.multipleInequality ? MULTIPLE_RANGE_GUIDE : '';
  return new ApiError(
    'FAILED_PRECONDITION',
    `The query requires an index. You can create it here: ${console}?create_composite=${link}${guide}`,
  );
}

/** The serialized Index message, as the console link carries it. */
export function encodeIndex(name: string, scope: QueryScope, fields: IndexField[]): string {
  const bytes: number[] = [];
  lengthDelimited(bytes, 1, utf8(name));
  varintField(bytes, 2, SCOPE_NUMBER[scope]);
  for (const f of fields) {
    const field: number[] = [];
    lengthDelimited(field, 1, utf8(f.path));
    if (f.mode === 'CONTAINS') varintField(field, 3, 1);
    else varintField(field, 2, f.mode === 'ASCENDING' ? 1 : 2);
    lengthDelimited(bytes, 3, field);
  }
  return Buffer.from(bytes).toString('base64url');
}

function utf8(text: string): number[] {
  return [...Buffer.from(text, 'utf8')];
}

function varint(out: number[], value: number): void {
  let v = value;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
}

function varintField(out: number[], field: number, value: number): void {
  varint(out, field << 3);
  varint(out, value);
}

function lengthDelimited(out: number[], field: number, payload: number[]): void {
  varint(out, (field << 3) | 2);
  varint(out, payload.length);
  out.push(...payload);
}
