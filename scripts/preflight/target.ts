// Which project a preflight run checks. `firebase deploy --project` takes an alias of .firebaserc
// or a project id, so preflight takes either too: an alias resolves to its id, an id finds its
// alias, and messages name both. Its deploy targets (a Hosting target's site) are read here too.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { readJson } from './findings.js';

export interface Target {
  projectId: string;
  /** The .firebaserc alias of the project, when it has one. */
  alias: string | null;
}

/** .firebaserc's aliases (alias -> project id); none when there is no file. */
export function readAliases(root: string): Record<string, string> {
  const file = path.join(root, '.firebaserc');
  if (!existsSync(file)) return {};
  const projects = (readJson(file) as { projects?: Record<string, unknown> }).projects ?? {};
  return Object.fromEntries(Object.entries(projects).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** .firebaserc's deploy targets of one kind (hosting: target -> site ids) for a project id. */
export function readTargets(root: string, projectId: string, kind: string): Record<string, string[]> {
  const file = path.join(root, '.firebaserc');
  if (!existsSync(file)) return {};
  const targets = (readJson(file) as { targets?: Record<string, Record<string, Record<string, unknown>>> }).targets;
  const ofKind = targets?.[projectId]?.[kind] ?? {};
  return Object.fromEntries(
    Object.entries(ofKind).map(([name, ids]) => [
      name,
      Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
    ]),
  );
}

/** An alias or a project id, as `firebase deploy --project` reads it. */
export function resolveTarget(root: string, project: string): Target {
  const aliases = readAliases(root);
  const aliased = aliases[project];
  if (aliased !== undefined) return { projectId: aliased, alias: project };
  const alias = Object.entries(aliases).find(([name, id]) => id === project && name !== 'default')?.[0];
  return { projectId: project, alias: alias ?? null };
}

/** "live (northgate-pitch-live)", or the id alone when it has no alias. */
export function targetName(target: Target): string {
  return target.alias ? `${target.alias} (${target.projectId})` : target.projectId;
}

/** The aliases that name a real project, not the local demo one. */
export function deployAliases(root: string): string[] {
  return Object.entries(readAliases(root))
    .filter(([, id]) => !id.startsWith('demo-'))
    .map(([alias]) => alias);
}
