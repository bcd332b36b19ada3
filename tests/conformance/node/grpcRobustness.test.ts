// What the gRPC service answers to requests no SDK would send: undecodable bytes, bad tokens,
// names outside any database, unknown methods and streams abandoned midway. Each gets a status
// and the server keeps serving.

import * as grpc from '@grpc/grpc-js';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageType } from '../../../backend/src/firestore/grpc/firestoreProto.js';
import { messageFromJson, messageToJson } from '../../../backend/src/firestore/grpc/protoJson.js';
import { openAdminFirestore, type AdminFirestore } from './adminFirestore.js';

const SERVICE = '/google.firestore.v1.Firestore';

describe('gRPC service robustness', () => {
  let admin: AdminFirestore;
  let client: grpc.Client;

  beforeAll(async () => {
    admin = await openAdminFirestore('grpc-robust');
    client = new grpc.Client(process.env.FIRESTORE_EMULATOR_HOST!, grpc.credentials.createInsecure());
  });

  afterAll(async () => {
    client?.close();
    await admin?.close();
  });

  const metadata = (authorization = 'Bearer owner') => {
    const m = new grpc.Metadata();
    m.set('authorization', authorization);
    return m;
  };

  const encode = (typeName: string, json: unknown) => {
    const type = messageType(typeName);
    return Buffer.from(type.encode(messageFromJson(type, json)).finish());
  };

  function unary(method: string, body: Buffer, meta = metadata()): Promise<{ error: grpc.ServiceError | null; value?: Buffer }> {
    return new Promise((resolve) => {
      client.makeUnaryRequest(
        `${SERVICE}/${method}`,
        (b: Buffer) => b,
        (b: Buffer) => b,
        body,
        meta,
        (error, value) => resolve({ error: error ?? null, value }),
      );
    });
  }

  const database = () => `projects/${admin.projectId}/databases/(default)`;

  it('answers an undecodable request with an error status, then keeps serving', async () => {
    const { error } = await unary('Commit', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]));
    expect(error?.code).toBeDefined();
    expect(error?.code).not.toBe(grpc.status.OK);
    await admin.db.doc('robust/after-garbage').set({ ok: true });
    expect((await admin.db.doc('robust/after-garbage').get()).get('ok')).toBe(true);
  });

  it('answers INVALID_ARGUMENT to a database name that is not one', async () => {
    const { error } = await unary('Commit', encode('google.firestore.v1.CommitRequest', { database: 'nonsense' }));
    expect(error?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('answers UNAUTHENTICATED to a malformed bearer token', async () => {
    const body = encode('google.firestore.v1.GetDocumentRequest', { name: `${database()}/documents/c/d` });
    const { error } = await unary('GetDocument', body, metadata('Bearer not-a-jwt'));
    expect(error?.code).toBe(grpc.status.UNAUTHENTICATED);
  });

  it('serves the single-document RPCs the SDKs do not use', async () => {
    const parent = `${database()}/documents`;
    const created = await unary(
      'CreateDocument',
      encode('google.firestore.v1.CreateDocumentRequest', {
        parent,
        collectionId: 'direct',
        documentId: 'one',
        document: { fields: { v: { integerValue: '1' } } },
      }),
    );
    expect(created.error).toBeNull();
    const doc = messageToJson(
      messageType('google.firestore.v1.Document'),
      messageType('google.firestore.v1.Document').decode(created.value!),
    );
    expect(doc).toMatchObject({ name: `${parent}/direct/one`, fields: { v: { integerValue: '1' } } });

    const again = await unary(
      'CreateDocument',
      encode('google.firestore.v1.CreateDocumentRequest', { parent, collectionId: 'direct', documentId: 'one', document: {} }),
    );
    expect(again.error?.code).toBe(grpc.status.ALREADY_EXISTS);

    const updated = await unary(
      'UpdateDocument',
      encode('google.firestore.v1.UpdateDocumentRequest', {
        document: { name: `${parent}/direct/one`, fields: { w: { stringValue: 'x' } } },
        updateMask: { fieldPaths: ['w'] },
      }),
    );
    expect(updated.error).toBeNull();
    expect((await admin.db.doc('direct/one').get()).data()).toEqual({ v: 1, w: 'x' });

    const fetched = await unary(
      'GetDocument',
      encode('google.firestore.v1.GetDocumentRequest', { name: `${parent}/direct/one` }),
    );
    expect(fetched.error).toBeNull();

    const deleted = await unary(
      'DeleteDocument',
      encode('google.firestore.v1.DeleteDocumentRequest', { name: `${parent}/direct/one`, currentDocument: { exists: true } }),
    );
    expect(deleted.error).toBeNull();
    const missing = await unary(
      'GetDocument',
      encode('google.firestore.v1.GetDocumentRequest', { name: `${parent}/direct/one` }),
    );
    expect(missing.error?.code).toBe(grpc.status.NOT_FOUND);
  });

  it('answers UNIMPLEMENTED to a method the service does not have', async () => {
    const { error } = await unary('ExecutePipeline', Buffer.alloc(0));
    expect(error?.code).toBe(grpc.status.UNIMPLEMENTED);
  });

  it('survives a Listen stream abandoned midway and one fed garbage', async () => {
    const listen = () =>
      client.makeBidiStreamRequest(
        `${SERVICE}/Listen`,
        (b: Buffer) => b,
        (b: Buffer) => b,
        metadata(),
      );
    const abandoned = listen();
    abandoned.on('error', () => {});
    const firstResponse = new Promise<void>((resolve) => abandoned.once('data', () => resolve()));
    abandoned.write(
      encode('google.firestore.v1.ListenRequest', {
        database: database(),
        addTarget: { targetId: 1, documents: { documents: [`${database()}/documents/robust/watched`] } },
      }),
    );
    await firstResponse;
    abandoned.cancel();

    const garbage = listen();
    const status = new Promise<grpc.StatusObject>((resolve) => garbage.on('status', resolve));
    garbage.on('error', () => {});
    garbage.on('data', () => {});
    garbage.write(Buffer.from([0x0a, 0xff, 0xff]));
    expect((await status).code).not.toBe(grpc.status.OK);

    // Writes after both streams are gone still commit and are still observed by a new listener.
    await admin.db.doc('robust/watched').set({ v: 1 });
    const snap = await new Promise<DocumentSnapshot>((resolve, reject) => {
      const stop = admin.db.doc('robust/watched').onSnapshot((s) => {
        stop();
        resolve(s);
      }, reject);
    });
    expect(snap.get('v')).toBe(1);
  });
});
