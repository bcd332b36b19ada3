// The Functions params and secret as `firebase deploy` will read them: one dotenv file per project
// (functions/.env.<project id>, beside the shared functions/.env), every param the functions
// declare given a value that is no demo value, the secret kept out of the files, SMTP settings
// that a relay will take from Cloud Functions, and APP_URL when the app has a domain of its own.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fail, isDemoValue, note, parseDotenv, pass, type Finding } from './findings.js';
import type { Target } from './target.js';

const PARAMS = 'mail-and-matching-settings';

interface DeclaredParam {
  name: string;
  kind: 'String' | 'Int' | 'Boolean' | 'Float' | 'List' | 'Secret';
  /** The default as written, resolved when it is a literal or a constant of the same file. */
  defaultValue: string | undefined;
  hasDefault: boolean;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The params the functions declare (`defineString('NAME', { default })` and the like). */
export function declaredParams(functionsSource: string): DeclaredParam[] {
  const params: DeclaredParam[] = [];
  for (const file of sourceFiles(functionsSource)) {
    const source = readFileSync(file, 'utf8');
    const pattern = /define(String|Int|Boolean|Float|List|Secret)\(\s*'([A-Z][A-Z0-9_]*)'\s*(?:,\s*\{([^}]*)\})?/g;
    for (const match of source.matchAll(pattern)) {
      const options = match[3] ?? '';
      const written = /default:\s*([^,\n]+)/.exec(options)?.[1]?.trim();
      let defaultValue: string | undefined;
      if (written !== undefined) {
        const literal = /^(['"])(.*)\1$/.exec(written);
        const constant = new RegExp(`const ${written}\\s*=\\s*(['"])(.*?)\\1`).exec(source);
        defaultValue = literal ? literal[2] : constant ? constant[2] : written;
      }
      params.push({
        name: match[2] ?? '',
        kind: match[1] as DeclaredParam['kind'],
        defaultValue,
        hasDefault: written !== undefined,
      });
    }
  }
  return params;
}

/** The project's params file: the one firebase-tools itself writes the params it asks for into. */
export const paramsFile = (projectId: string): string => `functions/.env.${projectId}`;

interface FunctionsEnv {
  /** The values the files give; a param missing here is one the deploy will ask for. */
  values: Record<string, string>;
  /** A file the guide does not use, which breaks the deploy (both names present) or the next one. */
  problem: Finding | null;
}

/**
 * The values `firebase deploy` gives the params (firebase-tools' lib/functions/env.js): functions/.env,
 * then .env.<project id> or .env.<alias>. With both of the last two it refuses to deploy ("Can't
 * have both dotenv files"); and it writes every param it has to ask for into .env.<project id>,
 * so a file named after the alias alone becomes "both" at the first forgotten param.
 */
function functionsEnv(root: string, target: Target): FunctionsEnv {
  const read = (name: string): Record<string, string> | null => {
    const file = path.join(root, 'functions', name);
    return existsSync(file) ? parseDotenv(readFileSync(file, 'utf8')) : null;
  };
  const shared = read('.env') ?? {};
  const byId = read(`.env.${target.projectId}`);
  const byAlias = target.alias ? read(`.env.${target.alias}`) : null;
  const idFile = paramsFile(target.projectId);
  const aliasFile = `functions/.env.${target.alias ?? ''}`;
  let problem: Finding | null = null;
  if (byId && byAlias) {
    problem = fail(
      `Both ${aliasFile} and ${idFile} exist: firebase deploy refuses to deploy with both ("Can't have both dotenv files"). ` +
        `Move the lines of ${aliasFile} into ${idFile} and delete ${aliasFile}`,
      PARAMS,
    );
  } else if (byAlias) {
    problem = fail(
      `${aliasFile} is named after the alias: firebase deploy reads it only with --project ${target.alias ?? ''}, and writes ` +
        `any param it asks for into ${idFile}, which then stops every deploy. Rename it to ${idFile}`,
      PARAMS,
    );
  }
  return { values: { ...shared, ...byAlias, ...byId }, problem };
}

export interface ParamsResult {
  findings: Finding[];
  /** APP_URL as the deploy will set it ('' when empty or unset: the project's web.app address). */
  appUrl: string;
}

export function checkFunctionsParams(root: string, target: Target, appEnv: Record<string, string>): ParamsResult {
  const params = declaredParams(path.join(root, 'functions', 'src'));
  const { values, problem } = functionsEnv(root, target);
  const where = paramsFile(target.projectId);
  const findings: Finding[] = problem ? [problem] : [];
  const secrets = params.filter((p) => p.kind === 'Secret');
  if (secrets.length === 0) findings.push(fail('The functions declare no secret (SMTP_PASSWORD: defineSecret)', PARAMS));
  for (const secret of secrets) {
    if (secret.name in values) {
      findings.push(fail(`${secret.name} is a secret: remove it from ${where} and set it with functions:secrets:set`, PARAMS));
    }
  }
  const asked: string[] = [];
  for (const param of params.filter((p) => p.kind !== 'Secret')) {
    const value = values[param.name] ?? param.defaultValue;
    if (!(param.name in values) && param.hasDefault) asked.push(param.name);
    if (value === undefined || (value === '' && !param.hasDefault)) {
      findings.push(fail(`${param.name} has no value (no default): set it in ${where}`, PARAMS));
    } else if (value !== '' && isDemoValue(value)) {
      const origin = param.name in values ? `is a demo value (${value})` : `would be its demo default (${value})`;
      findings.push(fail(`${param.name} ${origin}: set it in ${where}`, PARAMS));
    } else if (param.kind === 'Int' && !/^-?\d+$/.test(value)) {
      findings.push(fail(`${param.name} must be a whole number (got "${value}")`, PARAMS));
    } else if (param.kind === 'Boolean' && !/^(true|false)$/.test(value)) {
      findings.push(fail(`${param.name} must be true or false (got "${value}")`, PARAMS));
    }
  }
  const contact = values.CONTACT_EMAIL;
  if (contact !== undefined && appEnv.VITE_CONTACT_EMAIL !== undefined && contact !== appEnv.VITE_CONTACT_EMAIL) {
    findings.push(
      fail(`CONTACT_EMAIL (${contact}) differs from the app's VITE_CONTACT_EMAIL (${appEnv.VITE_CONTACT_EMAIL})`, PARAMS),
    );
  }
  if (findings.length === 0) {
    const names = secrets.map((s) => s.name).join(', ');
    findings.push(pass(`The Functions params (${where}) and the secret's name (${names})`, PARAMS));
  }
  // Not wrong, but `firebase deploy` stops to ask, and fails with --non-interactive.
  const remaining = asked.filter((name) => !findings.some((f) => !f.ok && f.message.startsWith(`${name} `)));
  if (remaining.length > 0) {
    findings.push(
      note(
        `firebase deploy will ask for ${remaining.join(', ')} (offering the defaults) and write the answers into ${where}: ` +
          'list them there to deploy without questions',
        PARAMS,
      ),
    );
  }
  findings.push(...checkSmtp(values));
  const appUrl = values.APP_URL?.trim() ?? '';
  return { findings, appUrl };
}

/** What makes a relay refuse the functions' mail, or the connection fail. */
function checkSmtp(values: Record<string, string>): Finding[] {
  const findings: Finding[] = [];
  const port = values.SMTP_PORT ?? '587';
  const secure = values.SMTP_SECURE ?? 'false';
  if ((values.SMTP_USER ?? '').trim() === '') {
    findings.push(
      note(
        'SMTP_USER is empty: the functions would send without signing in, from Google addresses that change, ' +
          'which a relay that accepts only known addresses refuses. Use an account on port 587 or 465',
        'e-mail-deliverability',
      ),
    );
  }
  if (port === '25') {
    findings.push(note('SMTP_PORT is 25, which Google Cloud blocks for outgoing mail: use 587 or 465', 'e-mail-deliverability'));
  }
  if (port === '465' && secure !== 'true') {
    findings.push(fail('SMTP_PORT 465 speaks TLS from the start: set SMTP_SECURE=true', PARAMS));
  }
  if (port === '587' && secure === 'true') {
    findings.push(fail('SMTP_PORT 587 starts in plain text and upgrades (STARTTLS): set SMTP_SECURE=false', PARAMS));
  }
  return findings;
}
