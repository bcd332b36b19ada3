// The `code` a Firebase error carries ('unavailable', 'auth/invalid-action-code'…), or '' for an
// error without one: SDK errors are matched by code, as the SDKs themselves do.

export function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';
}
