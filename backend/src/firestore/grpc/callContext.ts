// What a gRPC call says about its caller and target: the identity from the `authorization`
// metadata and the database from the request's `database` field or its resource names.

import type { Metadata } from '@grpc/grpc-js';
import { identityFromAuthorization, TokenError, type Identity } from '../../authz/identity.js';
import { ApiError, invalid } from '../errors.js';

const DATABASE_PREFIX = /^projects\/([^/]+)\/databases\/([^/]+)(?:\/|$)/;

/** The caller, as the official emulator reads it: `Bearer owner` is the admin. */
export function identityOf(metadata: Metadata): Identity {
  const header = metadata.get('authorization')[0];
  try {
    return identityFromAuthorization(typeof header === 'string' ? header : header?.toString('utf8'));
  } catch (err) {
    if (err instanceof TokenError) throw new ApiError('UNAUTHENTICATED', err.message);
    throw err;
  }
}

/** `projects/{p}/databases/{d}` from a database or resource name. */
export function databaseOf(resourceName: unknown, what: string): string {
  if (typeof resourceName !== 'string' || resourceName === '') throw invalid(`${what} is required.`);
  const match = DATABASE_PREFIX.exec(resourceName);
  if (!match) throw invalid(`${what} "${resourceName}" must start with projects/{project}/databases/{database}.`);
  return `projects/${match[1]}/databases/${match[2]}`;
}

/**
 * The database of a streaming call: the first request's `database`, else the
 * `google-cloud-resource-prefix` metadata the SDKs also send.
 */
export function streamDatabaseOf(database: unknown, metadata: Metadata): string {
  if (typeof database === 'string' && database !== '') return databaseOf(database, 'database');
  const prefix = metadata.get('google-cloud-resource-prefix')[0];
  return databaseOf(typeof prefix === 'string' ? prefix : prefix?.toString('utf8'), 'database');
}
