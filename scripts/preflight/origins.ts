// The origins the deployed app is served from, and what must name them: the Storage bucket's CORS
// file (the Duplicate event copies logos with the Storage SDK's getBytes, which a browser may
// only read when the bucket's CORS configuration lets the page's origin GET), and APP_URL (the
// links in the result e-mails) when the app is served from a domain of its own.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fail, note, pass, readJson, type Finding } from './findings.js';

export const CORS_FILE = 'storage.cors.json';

/** The origins Hosting serves the project's default site from. */
export const hostingOrigins = (projectId: string): string[] => [
  `https://${projectId}.web.app`,
  `https://${projectId}.firebaseapp.com`,
];

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
}

/**
 * APP_URL against the domain the app is served from. Empty: the e-mails link to the project's
 * web.app address, right unless a custom domain is named. Set: an https origin, on the project's
 * own Hosting domains or a custom domain, which must then be the one named with --domain.
 */
export function checkAppUrl(appUrl: string, projectId: string, domain: string | undefined): AppUrlResult {
  const anchor = 'a-custom-domain';
  const named = domain === undefined ? null : domainOrigin(domain);
  if (domain !== undefined && named === null) {
    return {
      findings: [fail(`--domain ${domain} is not a domain name (for example pitch.northgate.ac.uk)`, anchor)],
      customOrigin: null,
    };
  }
  if (appUrl === '') {
    if (named) {
      return {
        findings: [
          fail(`APP_URL is empty: with the domain ${named} set APP_URL=${named}, or the e-mails link to *.web.app`, anchor),
        ],
        customOrigin: named,
      };
    }
    return { findings: [pass(`APP_URL is empty: the e-mails link to https://${projectId}.web.app`, anchor)], customOrigin: null };
  }
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return { findings: [fail(`APP_URL (${appUrl}) is not an address (https://your.domain)`, anchor)], customOrigin: named };
  }
  if (url.protocol !== 'https:')
    return { findings: [fail(`APP_URL (${appUrl}) must start with https://`, anchor)], customOrigin: named };
  if (url.pathname !== '/' || url.search || url.hash) {
    return {
      findings: [fail(`APP_URL (${appUrl}) must be the app's origin alone, with no path (${url.origin})`, anchor)],
      customOrigin: named,
    };
  }
  const onHosting = /\.(web\.app|firebaseapp\.com)$/.test(url.hostname);
  if (named && url.origin !== named) {
    return { findings: [fail(`APP_URL is ${url.origin}, not the domain named, ${named}`, anchor)], customOrigin: named };
  }
  if (onHosting && !hostingOrigins(projectId).includes(url.origin)) {
    return {
      findings: [fail(`APP_URL (${url.origin}) is another project's Hosting address, not ${projectId}'s`, anchor)],
      customOrigin: null,
    };
  }
  return {
    findings: [pass(`APP_URL ${url.origin}: the e-mails link there`, anchor)],
    customOrigin: onHosting ? null : url.origin,
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
export function checkStorageCors(root: string, projectId: string, customOrigin: string | null): Finding[] {
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
  const wanted = [...hostingOrigins(projectId), ...(customOrigin ? [customOrigin] : [])];
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
