// The sign-in link check of the smoke check: the result e-mails carry Firebase e-mail sign-in links
// to APP_URL (functions/src/emails/signInLinks.ts), which the functions make with the Admin SDK's
// generateSignInWithEmailLink; the check makes one the same way, for a scratch address (nothing is
// sent, no account is made). Auth refuses it while Email link sign-in is off
// (OPERATION_NOT_ALLOWED) or while APP_URL's host is not an authorised domain.

import type { Auth } from 'firebase-admin/auth';
import { failed, messageOf, passed, type SmokeFinding } from './findings.js';

/** Where a provider's link lands (functions/src/emails/runEmailing.ts); any page of APP_URL tells the same. */
const PAGE = '/results';
const ADDRESS = 'smoke-check@example.com';

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

/** Check 5: an e-mail sign-in link to APP_URL can be made. */
export async function checkSignInLink(auth: () => Auth, appUrl: string): Promise<SmokeFinding[]> {
  const url = `${appUrl}${PAGE}`;
  try {
    const link = await auth().generateSignInWithEmailLink(ADDRESS, { url, handleCodeInApp: true });
    const made = new URL(link);
    const continueUrl = made.searchParams.get('continueUrl');
    if (continueUrl !== null && continueUrl !== url) {
      return [failed('sign-in-link', `The link made continues to ${continueUrl}, not ${url}`, 'a-custom-domain')];
    }
    return [passed('sign-in-link', `An e-mail sign-in link to ${url} can be made (none was sent)`, 'enable-the-products')];
  } catch (error) {
    const code = codeOf(error);
    const host = new URL(appUrl).host;
    // A Hosting address is listed in the console's step; a domain of the app's own in its section.
    const domainSection = /\.(web\.app|firebaseapp\.com)$/.test(new URL(appUrl).hostname)
      ? 'enable-the-products'
      : 'a-custom-domain';
    switch (code) {
      case 'auth/operation-not-allowed':
        return [
          failed(
            'sign-in-link',
            'Email link sign-in is off (OPERATION_NOT_ALLOWED): turn on "Email link (passwordless sign-in)" under the Email/Password provider; the result e-mails carry no sign-in link until then',
            'enable-the-products',
          ),
        ];
      case 'auth/unauthorized-continue-uri':
        return [
          failed(
            'sign-in-link',
            `${host}, APP_URL's host, is not an authorised domain of Auth (${code}): add it under Authentication, Settings, Authorized domains`,
            domainSection,
          ),
        ];
      case 'auth/invalid-continue-uri':
        return [
          failed(
            'sign-in-link',
            `Auth takes ${url} for no valid address (${code}): set APP_URL to the app's origin`,
            'a-custom-domain',
          ),
        ];
      default:
        return [
          failed(
            'sign-in-link',
            `No sign-in link could be made: ${code ? `${code}: ` : ''}${messageOf(error)}`,
            'enable-the-products',
          ),
        ];
    }
  }
}
