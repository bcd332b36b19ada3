// The gRPC adapter's converter: google.firestore.v1 messages from the official .proto files
// round-trip between protobuf bytes and the proto3 JSON shapes the engine speaks.

import { describe, expect, it } from 'vitest';
import { messageType } from '../../../backend/src/firestore/grpc/firestoreProto.js';
import { messageFromJson, messageToJson } from '../../../backend/src/firestore/grpc/protoJson.js';

function roundTrip(typeName: string, json: unknown): unknown {
  const type = messageType(typeName);
  const bytes = type.encode(messageFromJson(type, json)).finish();
  return messageToJson(type, type.decode(bytes));
}

describe('proto3 JSON conversion of google.firestore.v1 messages', () => {
  it('keeps every kind of document value', () => {
    const doc = {
      name: 'projects/p/databases/(default)/documents/c/d',
      fields: {
        nil: { nullValue: 'NULL_VALUE' },
        no: { booleanValue: false },
        zero: { integerValue: '0' },
        big: { integerValue: '-9223372036854775808' },
        pi: { doubleValue: 3.5 },
        nan: { doubleValue: 'NaN' },
        inf: { doubleValue: 'Infinity' },
        negInf: { doubleValue: '-Infinity' },
        negZero: { doubleValue: '-0' },
        empty: { stringValue: '' },
        text: { stringValue: 'é✓😀' },
        bytes: { bytesValue: 'AAEC/w==' },
        ref: { referenceValue: 'projects/p/databases/(default)/documents/c/e' },
        geo: { geoPointValue: { latitude: 1.5, longitude: -2 } },
        when: { timestampValue: '2024-02-29T12:34:56.123456789Z' },
        list: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'x' }] } },
        emptyList: { arrayValue: {} },
        map: { mapValue: { fields: { inner: { mapValue: {} } } } },
      },
      createTime: '2024-01-01T00:00:00Z',
      updateTime: '2024-01-01T00:00:00.500Z',
    };
    expect(roundTrip('google.firestore.v1.Document', doc)).toEqual(doc);
  });

  it('accepts the loose forms the engine may hand over', () => {
    const out = roundTrip('google.firestore.v1.Document', {
      name: 'projects/p/databases/(default)/documents/c/d',
      fields: { n: { nullValue: null }, i: { integerValue: 7 }, d: { doubleValue: '2.5' } },
    });
    expect(out).toEqual({
      name: 'projects/p/databases/(default)/documents/c/d',
      fields: { n: { nullValue: 'NULL_VALUE' }, i: { integerValue: '7' }, d: { doubleValue: 2.5 } },
    });
  });

  it('renders timestamps with 0, 3, 6 or 9 fractional digits in UTC', () => {
    const at = (t: string) =>
      (roundTrip('google.firestore.v1.BatchGetDocumentsResponse', { readTime: t }) as { readTime: string }).readTime;
    expect(at('2024-05-06T07:08:09Z')).toBe('2024-05-06T07:08:09Z');
    expect(at('2024-05-06T07:08:09.1Z')).toBe('2024-05-06T07:08:09.100Z');
    expect(at('2024-05-06T07:08:09.000001Z')).toBe('2024-05-06T07:08:09.000001Z');
    expect(at('2024-05-06T07:08:09.000000001Z')).toBe('2024-05-06T07:08:09.000000001Z');
    expect(at('2024-05-06T09:08:09.5+02:00')).toBe('2024-05-06T07:08:09.500Z');
    expect(at('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00Z');
    expect(at('1969-12-31T23:59:59.999Z')).toBe('1969-12-31T23:59:59.999Z');
  });

  it('maps enums, oneofs, Int32Value wrappers and repeated fields of a query', () => {
    const request = {
      parent: 'projects/p/databases/(default)/documents',
      structuredQuery: {
        from: [{ collectionId: 'c', allDescendants: true }],
        where: {
          compositeFilter: {
            op: 'OR',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'a' },
                  op: 'NOT_IN',
                  value: { arrayValue: { values: [{ integerValue: '1' }] } },
                },
              },
              { unaryFilter: { op: 'IS_NULL', field: { fieldPath: 'b' } } },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
        startAt: { values: [{ referenceValue: 'projects/p/databases/(default)/documents/c/x' }], before: true },
        offset: 2,
        limit: 5,
      },
      newTransaction: { readWrite: {} },
    };
    expect(roundTrip('google.firestore.v1.RunQueryRequest', request)).toEqual(request);
    // Some clients send wrappers as objects; the engine always sees the bare value.
    const wrapped = roundTrip('google.firestore.v1.RunQueryRequest', {
      parent: 'p',
      structuredQuery: { limit: { value: 3 } },
    }) as { structuredQuery: { limit: number } };
    expect(wrapped.structuredQuery.limit).toBe(3);
  });

  it('carries write transforms, masks and preconditions', () => {
    const commit = {
      database: 'projects/p/databases/(default)',
      writes: [
        {
          update: { name: 'projects/p/databases/(default)/documents/c/d', fields: { 'a b': { integerValue: '1' } } },
          updateMask: { fieldPaths: ['`a b`'] },
          updateTransforms: [
            { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
            { fieldPath: 'n', increment: { integerValue: '2' } },
            { fieldPath: 'u', appendMissingElements: { values: [{ stringValue: 'x' }] } },
            { fieldPath: 'r', removeAllFromArray: { values: [] } },
          ],
          currentDocument: { exists: false },
        },
        {
          delete: 'projects/p/databases/(default)/documents/c/e',
          currentDocument: { updateTime: '2024-01-01T00:00:00.000001Z' },
        },
      ],
      transaction: 'dHhu',
    };
    const out = roundTrip('google.firestore.v1.CommitRequest', commit);
    // An empty repeated field has no JSON form: removeAllFromArray keeps its (empty) message.
    const transforms = commit.writes[0]!.updateTransforms!;
    transforms[3] = { fieldPath: 'r', removeAllFromArray: {} } as (typeof transforms)[3];
    expect(out).toEqual(commit);
  });

  it('carries the verify writes of web SDK transactions', () => {
    const commit = { writes: [{ verify: 'projects/p/databases/(default)/documents/c/d', currentDocument: { exists: true } }] };
    expect(roundTrip('google.firestore.v1.CommitRequest', commit)).toEqual(commit);
  });

  it('keeps Listen target changes with int32 ids and byte tokens', () => {
    const change = {
      targetChange: { targetChangeType: 'CURRENT', targetIds: [2, 4], resumeToken: 'AQID', readTime: '2024-01-01T00:00:01Z' },
    };
    expect(roundTrip('google.firestore.v1.ListenResponse', change)).toEqual(change);
    // NO_CHANGE is the enum's default, so proto3 JSON leaves it out.
    expect(
      roundTrip('google.firestore.v1.ListenResponse', {
        targetChange: { targetChangeType: 'NO_CHANGE', readTime: '2024-01-01T00:00:01Z' },
      }),
    ).toEqual({
      targetChange: { readTime: '2024-01-01T00:00:01Z' },
    });
  });

  it('rejects values the schema cannot hold with INVALID_ARGUMENT', () => {
    const type = messageType('google.firestore.v1.Document');
    const bad = [
      { name: 1 },
      { fields: { a: { timestampValue: 'yesterday' } } },
      { fields: { a: { integerValue: '1.5' } } },
      { fields: { a: { integerValue: '9223372036854775808' } } },
      { fields: { a: { nullValue: 'NOTHING' } } },
      { fields: [] },
    ];
    for (const json of bad) {
      expect(() => messageFromJson(type, json), JSON.stringify(json)).toThrow(
        expect.objectContaining({ status: 'INVALID_ARGUMENT' }),
      );
    }
  });
});
