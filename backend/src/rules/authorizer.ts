// The rules in force behind the authorization seam: the project's rules files, Firestore rules set
// per project and Storage rules set globally or per bucket (as tests do through the emulator
// endpoints), all decided by one Authorizer. A service without rules allows every client request.

import { loadRules, type CompiledRules } from './loadRules.js';
import { evaluateFirestoreAccess, parseDocumentName } from './firestoreRules.js';
import { evaluateStorageAccess } from './storageRules.js';
import type { Fields } from '../shared/values.js';
import { allowAll, type Access, type Authorizer, type Decision } from '../authz/seam.js';
import type { ServiceKind } from './check.js';
import { CoverageBook } from './coverageBook.js';
import type { RulesCoverageReport } from './coverageReport.js';

/** A rules file's name (for located errors) and its text. */
export interface RulesSource {
  file: string;
  source: string;
}

export interface RulesAuthorizerOptions {
  firestore?: RulesSource;
  storage?: RulesSource;
  /** Decides a service that has no rules (default: allowAll, as without a rules file). */
  fallback?: Authorizer;
  /** A stored Firestore document's fields, for firestore.get()/exists() in storage rules. */
  firestoreDocument: (name: string) => Fields | null;
  /** Logs every decision with the rule that made it. */
  debug?: boolean;
  log: (line: string) => void;
}

export interface RulesAuthorizer {
  authorize: Authorizer;
  /** Replaces what decides a service without rules. */
  fallback: Authorizer;
  /** The rules files' rules; null removes them. Throws RulesSyntaxError and keeps the old rules. */
  setFirestoreRules(rules: RulesSource | null): void;
  setStorageRules(rules: RulesSource | null): void;
  /** Rules for one project only (the emulator's `:securityRules` endpoint). */
  setProjectFirestoreRules(project: string, rules: RulesSource): void;
  /** Rules for one bucket only (`/internal/setRules` with a file per resource). */
  setBucketStorageRules(bucket: string, rules: RulesSource): void;
  /**
   * What the rules in force for a project evaluated for its requests since they were loaded (or
   * since resetCoverage); null when no rules decide the project's requests.
   */
  coverage(service: ServiceKind, project: string): RulesCoverageReport | null;
  resetCoverage(service: ServiceKind, project: string): void;
}

export function createRulesAuthorizer(options: RulesAuthorizerOptions): RulesAuthorizer {
  const compile = (rules: RulesSource | null | undefined): CompiledRules | null =>
    rules ? loadRules(rules.source, rules.file) : null;
  let firestore = compile(options.firestore);
  let storage = compile(options.storage);
  const firestoreByProject = new Map<string, CompiledRules>();
  const storageByBucket = new Map<string, CompiledRules>();
  const coverage = new CoverageBook();
  const log = options.log;
  const firestoreRulesOf = (project: string): CompiledRules | null => firestoreByProject.get(project) ?? firestore;
  const storageRulesOf = (project: string): CompiledRules | null =>
    storageByBucket.get(`${project}.firebasestorage.app`) ??
    storageByBucket.get(`${project}.appspot.com`) ??
    storageByBucket.get(project) ??
    storage;

  const decide = (access: Access): Decision => {
    if (access.service === 'firestore') {
      const project = parseDocumentName(access.path)?.project;
      const rules = project !== undefined ? firestoreRulesOf(project) : firestore;
      if (!rules) return authorizer.fallback(access);
      const tally = project !== undefined ? coverage.tally('firestore', project, rules) : undefined;
      return evaluateFirestoreAccess(rules, access, access.lookup, access.budget, tally);
    }
    const rules = storageByBucket.get(access.bucket) ?? storage;
    if (!rules) return authorizer.fallback(access);
    const project = projectOfBucket(access.bucket);
    const lookup = { get: options.firestoreDocument, getAfter: options.firestoreDocument };
    return evaluateStorageAccess(rules, access, {
      firestore: { project, lookup },
      coverage: coverage.tally('storage', project, rules),
    });
  };

  const authorizer: RulesAuthorizer = {
    fallback: options.fallback ?? allowAll,
    authorize(access) {
      const decision = decide(access);
      if (options.debug) {
        const target = access.service === 'firestore' ? access.path : `${access.bucket}/${access.path}`;
        log(
          `rules: ${decision.allow ? 'allow' : 'deny'} ${access.service} ${access.method} ${target}: ${decision.reason ?? 'no reason given'}`,
        );
      }
      return decision;
    },
    // New rules start a new count: a tally holds to the ruleset it counted (coverageBook.ts).
    setFirestoreRules(rules) {
      firestore = compile(rules);
    },
    setStorageRules(rules) {
      storage = compile(rules);
      storageByBucket.clear();
      coverage.reset('storage');
    },
    setProjectFirestoreRules(project, rules) {
      firestoreByProject.set(project, loadRules(rules.source, rules.file));
      coverage.reset('firestore', project);
    },
    setBucketStorageRules(bucket, rules) {
      storageByBucket.set(bucket, loadRules(rules.source, rules.file));
      coverage.reset('storage', projectOfBucket(bucket));
    },
    coverage(service, project) {
      const rules = service === 'firestore' ? firestoreRulesOf(project) : storageRulesOf(project);
      return rules ? coverage.report(service, project, rules) : null;
    },
    resetCoverage(service, project) {
      coverage.reset(service, project);
    },
  };
  return authorizer;
}

/** The project a bucket belongs to: `p.firebasestorage.app`, the older `p.appspot.com` or plain `p`. */
export function projectOfBucket(bucket: string): string {
  return bucket.replace(/\.(appspot\.com|firebasestorage\.app)$/, '');
}

/** Whether debug logging of rules decisions is asked for in the environment (RULES_DEBUG=1). */
export function rulesDebugFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.RULES_DEBUG === '1' || env.RULES_DEBUG === 'true';
}
