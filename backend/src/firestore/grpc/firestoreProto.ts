// The google.firestore.v1 schema, loaded with protobufjs from the official .proto files that
// ship with @google-cloud/firestore, so the wire format is exactly what the SDKs compile against.

import { createRequire } from 'node:module';
import path from 'node:path';
import protobuf from 'protobufjs';

const require = createRequire(import.meta.url);

export const FIRESTORE_PROTO = require.resolve('@google-cloud/firestore/build/protos/google/firestore/v1/firestore.proto');
/** The folder imports such as google/api/annotations.proto are resolved against. */
export const PROTOS_DIR = path.resolve(path.dirname(FIRESTORE_PROTO), '../../..');

let cached: protobuf.Root | undefined;

/** The resolved schema root (loaded once per process). */
export function firestoreRoot(): protobuf.Root {
  if (cached) return cached;
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(PROTOS_DIR, target));
  root.loadSync(FIRESTORE_PROTO, { keepCase: false });
  addVerifyWrite(root);
  root.resolveAll();
  cached = root;
  return root;
}

export function firestoreService(): protobuf.Service {
  return firestoreRoot().lookupService('google.firestore.v1.Firestore');
}

export function messageType(name: string): protobuf.Type {
  return firestoreRoot().lookupType(name);
}

/**
 * The web SDK's transactions send `Write.verify` (field 5 of the `operation` oneof: "the
 * document must be at the version the transaction read"), which the .proto files published
 * with @google-cloud/firestore leave out. Without it the field would be dropped as unknown and
 * the write would arrive empty, so it is declared here, by reflection, exactly as the web SDK
 * declares it.
 */
function addVerifyWrite(root: protobuf.Root): void {
  const write = root.lookupType('google.firestore.v1.Write');
  if (write.fields.verify || write.fieldsById[5]) return;
  const verify = new protobuf.Field('verify', 5, 'string');
  write.add(verify);
  write.oneofs.operation?.add(verify);
}
