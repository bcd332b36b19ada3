// The origins the deployed app is served from, and what must name them: the Storage bucket's CORS
// file (the Duplicate event copies logos with the Storage SDK's getBytes, which a browser may
// only read when the bucket's CORS configuration lets the page's origin GET), and APP_URL (the
// links in the result e-mails) when the app is served from a domain of its own or from a Hosting
// site not named after the project.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fail, note, pass, readJson, type Finding } from './findings.js';
import { siteOrigins } from './hostingSite.js';

export const CORS_FILE = 'storage.cors.json';

/** A domain as given (pitch.example.ac.uk, or with https:// and a slash): its origin, or null. */
export function domainOrigin(domain: string): string | null {
  const host = domain
    .trim()
    .replace(/^https:\/\//, '')
    .replace(/\/+$/, '')
    .toLowerCase();
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host) ? `https://${host}` : null;
}

interface AppUrlResult {
  findings: Finding[];
  /** The custom domain's origin the CORS file must list too, if any. */
  customOrigin: string | null;
  /** Where the e-mails' sign-in links continue to (an authorised domain of Auth), when APP_URL is usable. */
  linkOrigin: string | null;
}

/**
 * APP_URL against the domain the app is served from. Empty: the e-mails link to the project's
 * web.app address (the functions' fallback), right unless a custom domain is named or the Hosting
 * site has another id. Set: an https origin, on the site's own Hosting domains or a custom domain,
 * which must then be the one named with --domain.
 */
export function checkAppUrl(appUrl: string, projectId: string, siteId: string, domain: string | undefined): AppUrlResult {
  const anchor = 'a-custom-domain';
  const named = domain === undefined ? null : domainOrigin(domain);
  const refused = (message: string, customOrigin: string | null): AppUrlResult => ({
    findings: [fail(message, anchor)],
    customOrigin,
    linkOrigin: null,
  });
  if (domain !== undefined && named === null) {
    return refused(`--domain ${domain} is not a domain name (for example pitch.northgate.ac.uk)`, null);
  }
  if (appUrl === '') {
    const fallback = `https://${projectId}.web.app`;
    if (named)
      return refused(`APP_URL is empty: with the domain ${named} set APP_URL=${named}, or the e-mails link to *.web.app`, named);
    if (siteId !== projectId) {
      return refused(
        `APP_URL is empty: the e-mails would link to ${fallback}, but the app is served from the site ${siteId}: ` +
          `set APP_URL=https://${siteId}.web.app`,
        null,
      );
    }
    return {
      findings: [pass(`APP_URL is empty: the e-mails link to ${fallback}`, anchor)],
      customOrigin: null,
      linkOrigin: fallback,
    };
  }
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return refused(`APP_URL (${appUrl}) is not an address (https://your.domain)`, named);
  }
  if (url.protocol !== 'https:') return refused(`APP_URL (${appUrl}) must start with https://`, named);
  if (url.pathname !== '/' || url.search || url.hash) {
    return refused(`APP_URL (${appUrl}) must be the app's origin alone, with no path (${url.origin})`, named);
  }
  const onHosting = /\.(web\.app|firebaseapp\.com)$/.test(url.hostname);
  if (named && url.origin !== named) return refused(`APP_URL is ${url.origin}, not the domain named, ${named}`, named);
  if (onHosting && !siteOrigins(siteId).includes(url.origin)) {
    return refused(`APP_URL (${url.origin}) is another site's Hosting address, not ${siteId}'s`, null);
  }
  return {
    findings: [pass(`APP_URL ${url.origin}: the e-mails link there`, anchor)],
    customOrigin: onHosting ? null : url.origin,
    linkOrigin: url.origin,
  };
}

/** What is wrong with a gcloud CORS file's shape, or null. */
function corsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'it is not a JSON list of CORS entries';
  for (const [i, entry] of value.entries()) {
    const { origin, method } = (entry ?? {}) as { origin?: unknown; method?: unknown };
    if (!Array.isArray(origin) || !origin.every((o) => typeof o === 'string')) return `entry ${i} has no "origin" list`;
    if (!Array.isArray(method) || !method.every((m) => typeof m === 'string')) return `entry ${i} has no "method" list`;
  }
  return null;
}

/** The CORS file lets each origin GET: an entry lists the origin (or "*") and the method GET. */
export function checkStorageCors(root: string, siteId: string, customOrigin: string | null): Finding[] {
  const anchor = 'storage-cors';
  const file = path.join(root, CORS_FILE);
  if (!existsSync(file))
    return [fail(`${CORS_FILE} does not exist: the Duplicate event's logo copy needs the bucket's CORS`, anchor)];
  let entries: unknown;
  try {
    entries = readJson(file);
  } catch (error) {
    return [fail(`${CORS_FILE} is not JSON (${error instanceof Error ? error.message : String(error)})`, anchor)];
  }
  const problem = corsProblem(entries);
  if (problem) return [fail(`${CORS_FILE}: ${problem}`, anchor)];
  const rules = entries as { origin: string[]; method: string[] }[];
  const allows = (origin: string) =>
    rules.some(
      (rule) => (rule.origin.includes(origin) || rule.origin.includes('*')) && rule.method.some((m) => m.toUpperCase() === 'GET'),
    );
  const wanted = [...siteOrigins(siteId), ...(customOrigin ? [customOrigin] : [])];
  const missing = wanted.filter((origin) => !allows(origin));
  const findings: Finding[] = [];
  if (missing.length > 0)
    findings.push(fail(`${CORS_FILE} does not let ${missing.join(', ')} GET: add them to its "origin" list`, anchor));
  else findings.push(pass(`${CORS_FILE} lets ${wanted.join(', ')} GET`, anchor));
  const slashed = rules.flatMap((rule) => rule.origin).filter((origin) => origin.endsWith('/'));
  if (slashed.length > 0) {
    findings.push(
      note(`${CORS_FILE} lists ${slashed.join(', ')}: an origin has no trailing slash, so this one never matches`, anchor),
    );
  }
  return findings;
}
