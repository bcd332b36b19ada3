// The gRPC face of the local Firestore (google.firestore.v1.Firestore) for firebase-admin and the
// Node build of the web SDK. grpc-js carries the calls; protobufjs reflection and protoJson turn
// each message into the proto3 JSON the engine speaks, and ApiErrors into gRPC statuses.

import { isUtf8 } from 'node:buffer';
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import type { FirestoreEngine } from '../engine/api.js';
import { ApiError, invalid, invalidUtf8, toApiError, unimplemented } from '../errors.js';
import { identityOf } from './callContext.js';
import { firestoreService } from './firestoreProto.js';
import { createFirestoreRpcs, type RpcContext } from './firestoreRpcs.js';
import { messageFromJson, messageToJson } from './protoJson.js';

export interface GrpcServerDeps {
  engine: FirestoreEngine;
  log: (line: string) => void;
}

export interface RunningGrpcServer {
  port: number;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** A request that could not be turned into JSON; the handler answers with its error. */
class UndecodableRequest {
  constructor(readonly error: ApiError) {}
}

/** Reads string fields strictly: Buffer's decoding would turn bytes that are not UTF-8 into U+FFFD. */
class Utf8Reader extends protobuf.BufferReader {
  override string(): string {
    const bytes = this.bytes();
    if (!isUtf8(bytes)) throw invalidUtf8('A string field of the request');
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }
}

function decoder(type: protobuf.Type): (buffer: Buffer) => Json | UndecodableRequest {
  return (buffer) => {
    try {
      return messageToJson(type, type.decode(new Utf8Reader(buffer))) as Json;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      return new UndecodableRequest(err instanceof ApiError ? err : invalid(`Malformed ${type.name}: ${reason}`));
    }
  };
}

function encoder(type: protobuf.Type): (json: unknown) => Buffer {
  return (json) => {
    const message = messageFromJson(type, json);
    return Buffer.from(type.encode(message).finish());
  };
}

function requestOf(value: Json | UndecodableRequest): Json {
  if (value instanceof UndecodableRequest) throw value.error;
  return value;
}

function statusOf(err: ApiError): grpc.ServerErrorResponse {
  return Object.assign(new Error(err.message), { code: err.code, details: err.message });
}

export async function startGrpcServer(deps: GrpcServerDeps): Promise<RunningGrpcServer> {
  const { log } = deps;
  const service = firestoreService();
  const rpcs = createFirestoreRpcs(deps.engine);

  /** Every failure as an ApiError; the unexpected ones are logged, since they are our bugs. */
  const failure = (method: string, err: unknown): ApiError => {
    if (!(err instanceof ApiError))
      log(`gRPC ${method} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return toApiError(err);
  };

  const definition: Record<string, grpc.MethodDefinition<Json, Buffer>> = {};
  const implementation: grpc.UntypedServiceImplementation = {};

  for (const method of service.methodsArray) {
    method.resolve();
    const requestType = method.resolvedRequestType as protobuf.Type;
    const responseType = method.resolvedResponseType as protobuf.Type;
    const encodeResponse = encoder(responseType);
    const name = method.name;
    definition[name] = {
      path: `/${service.fullName.replace(/^\./, '')}/${name}`,
      requestStream: Boolean(method.requestStream),
      responseStream: Boolean(method.responseStream),
      requestSerialize: encoder(requestType),
      // grpc-js types the decoded request as the method's; ours may be an UndecodableRequest.
      requestDeserialize: decoder(requestType) as (buffer: Buffer) => Json,
      // Handlers encode themselves, so a response the schema cannot hold fails as a status
      // they control instead of grpc-js's opaque one.
      responseSerialize: (buffer: Buffer) => buffer,
      // Only clients deserialize responses; this server never does.
      responseDeserialize: (buffer: Buffer) => buffer,
    };

    const contextOf = (metadata: grpc.Metadata): RpcContext => ({ identity: identityOf(metadata), metadata });

    if (!method.requestStream && !method.responseStream) {
      const rpc = rpcs.unary[name];
      implementation[name] = ((
        call: grpc.ServerUnaryCall<Json | UndecodableRequest, Buffer>,
        callback: grpc.sendUnaryData<Buffer>,
      ) => {
        void (async () => {
          if (!rpc) throw unimplemented(`The RPC ${name}`);
          const response = await rpc(requestOf(call.request), contextOf(call.metadata));
          return encodeResponse(response);
        })().then(
          (buffer) => callback(null, buffer),
          (err: unknown) => callback(statusOf(failure(name, err))),
        );
      }) as grpc.handleUnaryCall<Json | UndecodableRequest, Buffer>;
    } else if (!method.requestStream) {
      const rpc = rpcs.serverStream[name];
      implementation[name] = ((call: grpc.ServerWritableStream<Json | UndecodableRequest, Buffer>) => {
        void (async () => {
          if (!rpc) throw unimplemented(`The RPC ${name}`);
          const responses = await rpc(requestOf(call.request), contextOf(call.metadata));
          return responses.map(encodeResponse);
        })().then(
          (buffers) => {
            if (call.cancelled) return;
            for (const buffer of buffers) call.write(buffer);
            call.end();
          },
          (err: unknown) => {
            if (!call.cancelled) call.emit('error', statusOf(failure(name, err)));
          },
        );
      }) as grpc.handleServerStreamingCall<Json | UndecodableRequest, Buffer>;
    } else if (method.responseStream) {
      const rpc = rpcs.bidi[name];
      implementation[name] = ((call: grpc.ServerDuplexStream<Json | UndecodableRequest, Buffer>) => {
        serveBidi(name, call, rpc, encodeResponse, contextOf, failure, log);
      }) as grpc.handleBidiStreamingCall<Json | UndecodableRequest, Buffer>;
    } else {
      // google.firestore.v1 has no client-streaming method; answer one cleanly should it appear.
      implementation[name] = ((_call: grpc.ServerReadableStream<unknown, Buffer>, callback: grpc.sendUnaryData<Buffer>) => {
        callback(statusOf(unimplemented(`The RPC ${name}`)));
      }) as grpc.handleClientStreamingCall<unknown, Buffer>;
    }
  }

  const server = new grpc.Server({
    // Documents reach 1 MiB and batches of them are larger; match the production limits.
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
  });
  server.addService(definition as grpc.ServiceDefinition, implementation);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    );
  });

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        // Open Listen and Write streams would hold a graceful shutdown forever.
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 1000);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/** Runs one Listen or Write stream; it ends with the client, never leaving the session open. */
function serveBidi(
  name: string,
  call: grpc.ServerDuplexStream<Json | UndecodableRequest, Buffer>,
  rpc: ReturnType<typeof createFirestoreRpcs>['bidi'][string] | undefined,
  encode: (json: unknown) => Buffer,
  contextOf: (metadata: grpc.Metadata) => RpcContext,
  failure: (method: string, err: unknown) => ApiError,
  log: (line: string) => void,
): void {
  let finished = false;
  let session: { request(req: Json): void; close(): void } | null = null;

  const finish = (err?: unknown) => {
    if (finished) return;
    finished = true;
    try {
      session?.close();
    } catch (closeErr) {
      log(`gRPC ${name} session close failed: ${String(closeErr)}`);
    }
    if (call.cancelled) return;
    if (err === undefined) call.end();
    else call.emit('error', statusOf(failure(name, err)));
  };

  const send = (res: unknown) => {
    if (finished || call.cancelled) return;
    let buffer: Buffer;
    try {
      buffer = encode(res);
    } catch (err) {
      finish(new ApiError('INTERNAL', `Internal error: unencodable ${name} response: ${toApiError(err).message}`));
      return;
    }
    call.write(buffer);
  };

  call.on('cancelled', () => finish());
  call.on('end', () => finish());
  // grpc-js reports transport failures here too; the call is gone either way.
  call.on('error', () => finish());

  try {
    if (!rpc) throw unimplemented(`The RPC ${name}`);
    session = rpc(contextOf(call.metadata), send, (err) => finish(err));
  } catch (err) {
    finish(err);
    return;
  }

  call.on('data', (value: Json | UndecodableRequest) => {
    if (finished) return;
    try {
      session?.request(requestOf(value));
    } catch (err) {
      finish(err);
    }
  });
}
