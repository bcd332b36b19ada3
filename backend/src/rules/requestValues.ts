// Builds the `request.auth` and `request.time` values shared by Firestore and Storage rules.

import type { Identity } from '../authz/identity.js';
import { NANOS_PER_MILLI, parseTimestamp } from './time.js';
import { fromJson, map, mapOf, NULL, str, type RValue } from './values.js';

export function authValue(identity: Identity): RValue {
  if (!identity.auth) return NULL;
  const token = fromJson(identity.auth.token);
  const claims = token.t === 'map' ? new Map(token.v) : new Map<string, RValue>();
  // The sign-in provider is always at token.firebase.sign_in_provider, as in production tokens.
  if (identity.auth.signInProvider) {
    const firebase = claims.get('firebase');
    const inner = firebase?.t === 'map' ? new Map(firebase.v) : new Map<string, RValue>();
    if (!inner.has('sign_in_provider')) inner.set('sign_in_provider', str(identity.auth.signInProvider));
    claims.set('firebase', map(inner));
  }
  return mapOf({ uid: str(identity.auth.uid), token: map(claims) });
}

/** request.time: the precise commit time when the request has one, else the Date. */
export function timeValue(time: Date, precise?: string): RValue {
  if (precise !== undefined) return { t: 'timestamp', v: parseTimestamp(precise) };
  return { t: 'timestamp', v: BigInt(time.getTime()) * NANOS_PER_MILLI };
}
