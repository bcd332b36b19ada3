// What a deploy needs that only the project itself knows, which the check cannot see offline and
// names for the deployer to look at in the console: the sign-in method and the authorised domains
// the result e-mails' sign-in links need (Auth refuses to make a link without them), the secret's
// value, the CORS file applied to the bucket, the database's actual location, the Blaze plan, and
// the default Hosting site's id when the check took it to be the project id.

import type { HostingSite } from './hostingSite.js';

interface Known {
  site: HostingSite;
  /** Where the e-mails' sign-in links continue (APP_URL, or its fallback), when APP_URL is usable. */
  linkOrigin: string | null;
  /** The custom domain the app is served from, if any. */
  customOrigin: string | null;
}

const hostOf = (origin: string): string => new URL(origin).host;

/** "a", "a and b", "a, b and c". */
const listed = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;

export function notCheckedOffline({ site, linkOrigin, customOrigin }: Known): string[] {
  const linkHost = linkOrigin === null ? null : hostOf(linkOrigin);
  const hosts = [
    ...new Set([
      `${site.id}.web.app`,
      `${site.id}.firebaseapp.com`,
      ...(customOrigin ? [hostOf(customOrigin)] : []),
      ...(linkHost ? [linkHost] : []),
    ]),
  ];
  return [
    'Email link (passwordless sign-in) turned on under Authentication, Sign-in method, Email/Password: ' +
      'every sign-in link of the result e-mails needs it',
    `${listed(hosts)} among the authorised domains (Authentication, Settings, Authorized domains)` +
      (linkHost ? `: the e-mails' sign-in links continue to ${linkHost} (APP_URL)` : ''),
    "the SMTP_PASSWORD secret's value",
    'the CORS file applied to the bucket',
    "the database's actual location",
    'the Blaze plan',
    ...(site.assumed ? [`the default Hosting site's id being the project id, ${site.id}, as assumed above`] : []),
  ];
}
