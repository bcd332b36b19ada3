// Who is calling: read from the bearer token the SDKs send, as the official emulators do.
// Auth emulator ID tokens and mockUserToken JWTs are unsigned; their payload is trusted as-is.

export interface Identity {
  /** The caller is the project itself (Admin SDK, or the token `owner`): rules do not apply. */
  admin: boolean;
  /** null when the request carries no user. */
  auth: UserAuth | null;
}

export interface UserAuth {
  uid: string;
  /** Every claim of the token, custom claims included (request.auth.token in rules). */
  token: Record<string, unknown>;
  signInProvider: string | null;
}

export const ADMIN: Identity = { admin: true, auth: null };
export const ANONYMOUS_CALLER: Identity = { admin: false, auth: null };

export class TokenError extends Error {}

/**
 * Reads an Authorization header value: `Bearer <token>` (Firestore) or `Firebase <token>`
 * (Storage). A missing header is an unauthenticated caller; a malformed token is an error.
 */
export function identityFromAuthorization(header: string | undefined | null): Identity {
  if (!header) return ANONYMOUS_CALLER;
  const match = /^(Bearer|Firebase)\s+(.+)$/i.exec(header.trim());
  const token = match?.[2];
  if (!token) throw new TokenError('The Authorization header must be "Bearer <token>" or "Firebase <token>".');
  return identityFromToken(token);
}

export function identityFromToken(token: string): Identity {
  if (token === 'owner') return ADMIN;
  const [, body] = token.split('.');
  if (body === undefined) throw new TokenError('The ID token is not a JWT.');
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new TokenError('The ID token payload is not valid JSON.');
  }
  if (typeof payload !== 'object' || payload === null) throw new TokenError('The ID token payload is not an object.');
  const uid = typeof payload.user_id === 'string' ? payload.user_id : typeof payload.sub === 'string' ? payload.sub : null;
  if (!uid) throw new TokenError('The ID token has no sub or user_id claim.');
  const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
  const signInProvider = typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : null;
  return { admin: false, auth: { uid, token: payload, signInProvider } };
}
