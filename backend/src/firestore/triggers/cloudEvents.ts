// A committed change as the CloudEvent a 2nd-gen Firestore function receives: Eventarc's binary
// mode (ce-* headers), the data a google.events.cloud.firestore.v1.DocumentEventData protobuf
// (value, old_value, update_mask), as production sends it and firebase-functions decodes it.
// As the official Firestore emulator does, the protobuf travels base64-encoded: firebase-tools'
// Functions emulator decodes an application/protobuf body from base64 before the function runs.

import { randomUUID } from 'node:crypto';
import protobuf from 'protobufjs';
import { messageType } from '../grpc/firestoreProto.js';
import { messageFromJson } from '../grpc/protoJson.js';
import type { Document, Value } from '../types.js';
import type { TriggerRegistration } from './registrations.js';

export interface DocumentCloudEvent {
  /** The ce-* attributes and the content type. */
  headers: Record<string, string>;
  /** The base64 text of the DocumentEventData. */
  body: string;
}

export interface ChangeToDeliver {
  /** projects/{p}/databases/{d}/documents/{path} */
  name: string;
  before: Document | null;
  after: Document | null;
  /** The commit's time (RFC 3339), the event's time. */
  commitTime: string;
}

/** DocumentEventData's fields: value = 1, old_value = 2, update_mask = 3 (google-cloudevents' data.proto). */
const VALUE = 1;
const OLD_VALUE = 2;
const UPDATE_MASK = 3;
const LENGTH_DELIMITED = 2;

/**
 * The field paths an update changed, as Firestore's update mask lists them: the changed leaves,
 * nested maps followed into (a.b), names that are not simple identifiers in backquotes.
 */
export function changedFieldPaths(before: Document['fields'] = {}, after: Document['fields'] = {}, prefix = ''): string[] {
  const paths: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const path = prefix + (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : `\`${key.replace(/[`\\]/g, '\\$&')}\``);
    const was: Value | undefined = before[key];
    const now: Value | undefined = after[key];
    if (was && now && 'mapValue' in was && 'mapValue' in now) {
      paths.push(...changedFieldPaths(was.mapValue.fields, now.mapValue.fields, `${path}.`));
    } else if (JSON.stringify(was) !== JSON.stringify(now)) {
      paths.push(path);
    }
  }
  return paths.sort();
}

function encodeMessage(type: string, json: unknown): Uint8Array {
  const messageClass = messageType(type);
  return messageClass.encode(messageFromJson(messageClass, json)).finish();
}

/** The DocumentEventData bytes: the document after (absent when deleted), before (absent when created), and for an update its mask. */
export function documentEventData(before: Document | null, after: Document | null): Uint8Array {
  const writer = protobuf.Writer.create();
  if (after) writer.uint32((VALUE << 3) | LENGTH_DELIMITED).bytes(encodeMessage('google.firestore.v1.Document', after));
  if (before) writer.uint32((OLD_VALUE << 3) | LENGTH_DELIMITED).bytes(encodeMessage('google.firestore.v1.Document', before));
  if (before && after) {
    const mask = { fieldPaths: changedFieldPaths(before.fields, after.fields) };
    writer.uint32((UPDATE_MASK << 3) | LENGTH_DELIMITED).bytes(encodeMessage('google.firestore.v1.DocumentMask', mask));
  }
  return writer.finish();
}

/** The CloudEvent of one change for one trigger; `id` is kept across redeliveries of it. */
export function documentCloudEvent(
  registration: TriggerRegistration,
  change: ChangeToDeliver,
  id: string = randomUUID(),
): DocumentCloudEvent {
  const documentPath = change.name.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '');
  const headers: Record<string, string> = {
    'content-type': 'application/protobuf',
    'ce-specversion': '1.0',
    'ce-id': id,
    'ce-type': registration.eventType,
    'ce-source': `//firestore.googleapis.com/projects/${registration.project}/databases/${registration.database}`,
    'ce-subject': `documents/${documentPath}`,
    'ce-time': change.commitTime,
    'ce-project': registration.project,
    'ce-database': registration.database,
    'ce-namespace': registration.namespace,
    'ce-document': documentPath,
  };
  if (registration.withAuthContext) {
    // Which principal wrote is not known here (the engine does not record it with the change).
    headers['ce-authtype'] = 'unknown';
    headers['ce-authid'] = '';
  }
  return { headers, body: Buffer.from(documentEventData(change.before, change.after)).toString('base64') };
}
