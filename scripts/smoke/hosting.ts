// The Hosting checks of the smoke check: each route of the app (src/config/paths.ts, and each
// rewrite of firebase.json's hosting section) answers 200 with the app's page and every security
// header firebase.json's `**` entry gives, with its value; and a file that is not there (a chunk
// of an earlier release, say) answers 404, never the app's page, which a phone would take for the
// JavaScript it asked for (docs/hosting.md, "Paths: app routes and missing files").

import { randomBytes } from 'node:crypto';
import { routePatterns } from '../../src/config/paths.js';
import { hostingFor, type HostingSection } from '../hosting/emulator.js';
import { SECURITY_HEADERS_SOURCE, type Header } from '../hosting/headers.js';
import { failed, messageOf, passed, type SmokeFinding } from './findings.js';
import type { SmokeServices } from './services.js';

const ANCHOR = 'deploy';
/** What a route's parameter is filled with (any value opens the page; the screen then says what it found). */
const SAMPLE = 'smoke-check';
/** The build's page carries the app's root element (index.html, and each page the build writes). */
const APP_ROOT = 'id="root"';
const TIMEOUT_MS = 20_000;

/** A rewrite's glob as a path it matches (`/join/*`: /join/smoke-check), or null for a glob beyond `*` and `**`. */
function globPath(source: string): string | null {
  const filled = source.replace(/\*\*?/g, SAMPLE);
  return /[?{}[\]()!@+*]/.test(filled) ? null : filled;
}

/** Every route of the app, parameters filled: the router's patterns and firebase.json's rewrites. */
export function appRoutes(section: HostingSection): string[] {
  const routes = Object.values(routePatterns).map((pattern) => pattern.replace(/:\w+/g, SAMPLE));
  const rewrites = (section.rewrites ?? []) as { source?: unknown }[];
  for (const rewrite of rewrites) {
    const route = typeof rewrite.source === 'string' ? globPath(rewrite.source) : null;
    if (route) routes.push(route);
  }
  return [...new Set(routes)];
}

/**
 * The security headers every response must carry: firebase.json's `**` entry as it is; on this
 * machine the Hosting emulator's (scripts/hosting/emulator.ts), whose policy names the emulators.
 */
export function expectedSecurityHeaders(section: HostingSection, services: SmokeServices): Header[] {
  const { firestore, auth, storage } = services;
  let served = section;
  if (services.hostingLocal) {
    if (!firestore || !auth || !storage) throw new Error('The local policy needs the three emulators.');
    served = hostingFor(section, { kind: 'local', backend: { firestore, auth, storage } });
  }
  return served.headers?.find((entry) => entry.source === SECURITY_HEADERS_SOURCE)?.headers ?? [];
}

const directives = (policy: string): string[] =>
  policy
    .split(';')
    .map((directive) => directive.trim().replace(/\s+/g, ' '))
    .filter((directive) => directive !== '');

/** How a served header differs from its configured value, or null when it is the same. */
function headerProblem({ key, value }: Header, sent: string | null): string | null {
  if (sent === null) return `no ${key} header`;
  if (sent === value) return null;
  if (key.toLowerCase() !== 'content-security-policy') return `${key} is "${sent}", not "${value}"`;
  const want = directives(value);
  const got = directives(sent);
  const missing = want.filter((directive) => !got.includes(directive));
  const extra = got.filter((directive) => !want.includes(directive));
  return (
    `${key} differs from firebase.json's` +
    (missing.length ? `: without "${missing.join('; ')}"` : '') +
    (extra.length ? `${missing.length ? ',' : ':'} with "${extra.join('; ')}"` : '')
  );
}

/** What is wrong with one route's answer (none: the app's page with every header). */
async function routeProblems(origin: string, route: string, headers: Header[]): Promise<string[]> {
  let res: Response;
  try {
    res = await fetch(`${origin}${route}`, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    return [`no answer (${messageOf(error)})`];
  }
  const problems: string[] = [];
  const body = await res.text();
  if (res.status !== 200) problems.push(`answers ${res.status}${res.status === 404 ? ' (no rewrite to the app)' : ''}`);
  else if (!(res.headers.get('content-type') ?? '').startsWith('text/html') || !body.includes(APP_ROOT)) {
    problems.push(`answers 200 with something other than the app's page (${res.headers.get('content-type') ?? 'no type'})`);
  }
  for (const header of headers) {
    const problem = headerProblem(header, res.headers.get(header.key));
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Check 1: each route answers 200 with the app's page and the security headers. */
export async function checkRoutes(section: HostingSection, services: SmokeServices): Promise<SmokeFinding[]> {
  const routes = appRoutes(section);
  const headers = expectedSecurityHeaders(section, services);
  if (headers.length === 0) {
    return [
      failed(
        'routes',
        `firebase.json's hosting section has no "${SECURITY_HEADERS_SOURCE}" headers entry to check against`,
        ANCHOR,
      ),
    ];
  }
  const answers = await Promise.all(
    routes.map(async (route) => ({ route, problems: await routeProblems(services.hosting, route, headers) })),
  );
  // One line per problem, naming the routes that have it: a header missing everywhere is one line.
  const byProblem = new Map<string, string[]>();
  for (const { route, problems } of answers) {
    for (const problem of problems) byProblem.set(problem, [...(byProblem.get(problem) ?? []), route]);
  }
  if (byProblem.size === 0) {
    return [
      passed(
        'routes',
        `${routes.length} routes (${routes.join(', ')}) answer 200 with the app's page and firebase.json's ${headers.length} security headers (${headers.map((h) => h.key).join(', ')})`,
        ANCHOR,
      ),
    ];
  }
  return [...byProblem].map(([problem, where]) =>
    failed(
      'routes',
      `${where.length === routes.length ? `Every route (${routes.length})` : where.join(', ')}: ${problem}`,
      ANCHOR,
    ),
  );
}

/** Check 2: a file that is not there answers 404. */
export async function checkMissingFile(services: SmokeServices): Promise<SmokeFinding[]> {
  const missing = `/assets/${SAMPLE}-${randomBytes(6).toString('hex')}.js`;
  let res: Response;
  try {
    res = await fetch(`${services.hosting}${missing}`, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.arrayBuffer();
  } catch (error) {
    return [failed('missing-file', `${missing}: no answer (${messageOf(error)})`, ANCHOR)];
  }
  if (res.status === 404) {
    return [
      passed('missing-file', `${missing}, a chunk that is not there, answers 404: a phone on an older release reloads`, ANCHOR),
    ];
  }
  const type = res.headers.get('content-type') ?? 'no type';
  return [
    failed(
      'missing-file',
      res.status === 200
        ? `${missing}, a chunk that is not there, answers 200 (${type}): a catch-all rewrite in the hosting section? A phone asking for a chunk of an earlier release would get a page instead of a 404`
        : `${missing}, a chunk that is not there, answers ${res.status} (${type}), not 404`,
      ANCHOR,
    ),
  ];
}
