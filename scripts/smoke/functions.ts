// The functions check of the smoke check: every function the codebase exports (read from
// functions/src/index.ts, so a new export is checked without a list to keep) is deployed, and in
// production ACTIVE. Production's list is the Cloud Functions v2 API's, read with Application
// Default Credentials (google-auth-library, which firebase-admin depends on); on this machine the
// Functions emulator's own list of what it loaded (its hub's GET /backends).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { failed, messageOf, noted, passed, type SmokeFinding } from './findings.js';
import type { SmokeServices } from './services.js';

const ANCHOR = 'deploy';
const TIMEOUT_MS = 30_000;
export const FUNCTIONS_ENTRY = 'functions/src/index.ts';

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names the codebase's entry exports: each is a function `firebase deploy` creates under that name. */
export function exportedFunctionNames(root: string): string[] {
  const file = path.join(root, FUNCTIONS_ENTRY);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if (ts.isFunctionDeclaration(statement) && isExported(statement) && statement.name) {
      names.push(statement.name.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        throw new Error(`${FUNCTIONS_ENTRY} re-exports a whole module (export *): name its functions instead.`);
      }
      for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.push(element.name.text);
    }
  }
  return names;
}

interface Deployed {
  name: string;
  /** Where it runs (production: its location). */
  where: string;
  /** Cloud Functions' state (ACTIVE, FAILED, DEPLOYING, ...); the emulator has none. */
  state: string | null;
}

/** What the Functions emulator loaded: its hub's listing of the codebases it runs. */
async function emulatorFunctions(address: string): Promise<Deployed[]> {
  const res = await fetch(`http://${address}/backends`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GET /backends answered ${res.status}`);
  const { backends = [] } = (await res.json()) as { backends?: { functionTriggers?: { name?: string; region?: string }[] }[] };
  return backends.flatMap((backend) =>
    (backend.functionTriggers ?? []).map((trigger) => ({ name: trigger.name ?? '', where: trigger.region ?? '', state: null })),
  );
}

interface FunctionsPage {
  functions?: { name?: string; state?: string }[];
  nextPageToken?: string;
  unreachable?: string[];
}

/** The project's 2nd-gen functions in every location, as `firebase deploy` lists them (its filter). */
async function cloudFunctions(projectId: string): Promise<{ functions: Deployed[]; unreachable: string[] }> {
  const { GoogleAuth } = await import('google-auth-library');
  const client = await new GoogleAuth({ scopes: ['https://www.googleapis.com/auth/cloud-platform'] }).getClient();
  const functions: Deployed[] = [];
  const unreachable: string[] = [];
  let pageToken: string | undefined;
  do {
    const res = await client.request<FunctionsPage>({
      url: `https://cloudfunctions.googleapis.com/v2/projects/${encodeURIComponent(projectId)}/locations/-/functions`,
      params: { filter: 'environment="GEN_2"', ...(pageToken ? { pageToken } : {}) },
      timeout: TIMEOUT_MS,
    });
    for (const fn of res.data.functions ?? []) {
      // projects/<id>/locations/<region>/functions/<name>
      const parts = (fn.name ?? '').split('/');
      functions.push({ name: parts[5] ?? '', where: parts[3] ?? '', state: fn.state ?? 'STATE_UNSPECIFIED' });
    }
    unreachable.push(...(res.data.unreachable ?? []));
    pageToken = res.data.nextPageToken || undefined;
  } while (pageToken);
  return { functions, unreachable };
}

/** Why the Cloud Functions API could not be read, with the section that fixes it. */
function apiFailure(error: unknown): SmokeFinding {
  const message = messageOf(error);
  if (/default credentials/i.test(message)) {
    return failed(
      'functions',
      `No Application Default Credentials to list the functions with (${message}): gcloud auth application-default login`,
      'what-you-need',
    );
  }
  if (/has not been used|is disabled|SERVICE_DISABLED/i.test(message)) {
    return failed('functions', `The Cloud Functions API is off for the project: no functions are deployed (${message})`, ANCHOR);
  }
  return failed('functions', `The Cloud Functions API refused the list of functions: ${message}`, ANCHOR);
}

/** Check 4: every exported function is deployed (and ACTIVE in production). */
export async function checkFunctions(root: string, projectId: string, services: SmokeServices): Promise<SmokeFinding[]> {
  const wanted = exportedFunctionNames(root);
  let deployed: Deployed[];
  let unreachable: string[] = [];
  const by = services.functions ? `the Functions emulator at ${services.functions}` : 'Cloud Functions';
  try {
    if (services.functions) deployed = await emulatorFunctions(services.functions);
    else ({ functions: deployed, unreachable } = await cloudFunctions(projectId));
  } catch (error) {
    if (!services.functions) return [apiFailure(error)];
    return [failed('functions', `${by} did not list its functions (${messageOf(error)})`, ANCHOR)];
  }
  const findings: SmokeFinding[] = [];
  const missing = wanted.filter((name) => !deployed.some((fn) => fn.name === name));
  if (missing.length > 0) {
    findings.push(
      failed(
        'functions',
        `${by} has no ${missing.join(', ')}, which ${FUNCTIONS_ENTRY} exports: deploy the functions (npx firebase deploy --only functions)`,
        ANCHOR,
      ),
    );
  }
  const inactive = deployed.filter((fn) => wanted.includes(fn.name) && fn.state !== null && fn.state !== 'ACTIVE');
  for (const fn of inactive) {
    findings.push(
      failed('functions', `${fn.name} (${fn.where}) is ${fn.state}, not ACTIVE: deploy it again and read its logs`, ANCHOR),
    );
  }
  const extra = deployed.filter((fn) => !wanted.includes(fn.name)).map((fn) => `${fn.name} (${fn.where})`);
  if (extra.length > 0) {
    findings.push(
      noted(
        'functions',
        `${by} also has ${extra.join(', ')}, which the codebase no longer exports: npx firebase functions:delete <name>`,
        ANCHOR,
      ),
    );
  }
  if (unreachable.length > 0) {
    findings.push(noted('functions', `Cloud Functions could not list the locations ${unreachable.join(', ')}`, ANCHOR));
  }
  if (missing.length === 0 && inactive.length === 0) {
    const state = services.functions ? 'loaded' : 'deployed and ACTIVE';
    findings.unshift(
      passed(
        'functions',
        `The ${wanted.length} functions ${FUNCTIONS_ENTRY} exports are ${state} (${wanted.join(', ')})`,
        ANCHOR,
      ),
    );
  }
  return findings;
}
