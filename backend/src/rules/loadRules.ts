// Loads a rules file: parses it, runs the static checks, and returns the compiled rules that the
// Firestore and Storage adapters evaluate.

import type { RulesFile, ServiceNode } from './ast.js';
import { checkRules, SERVICE_NAMES, type ServiceKind } from './check.js';
import { parseRules } from './parser.js';

export interface CompiledRules {
  fileName: string;
  /** The text the rules were compiled from (coverage reports show it). */
  source: string;
  version: RulesFile['version'];
  services: Partial<Record<ServiceKind, ServiceNode>>;
}

/** Throws RulesSyntaxError (file:line:column: message) for syntax and static errors. */
export function loadRules(source: string, fileName: string): CompiledRules {
  const file = parseRules(source, fileName);
  checkRules(file, fileName);
  const services: CompiledRules['services'] = {};
  for (const service of file.services) {
    // checkRules refused any other service name.
    const kind = SERVICE_NAMES[service.name];
    if (kind) services[kind] = service;
  }
  return { fileName, source, version: file.version, services };
}
