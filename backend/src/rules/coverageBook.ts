// The coverage counts in force: one tally per service and project, each for the ruleset that
// decided the project's requests. Loading other rules starts a new count, and so does a reset.

import type { ServiceKind } from './check.js';
import { CoverageTally } from './coverage.js';
import type { RulesCoverageReport } from './coverageReport.js';
import type { CompiledRules } from './loadRules.js';

export class CoverageBook {
  private readonly tallies = new Map<string, CoverageTally>();

  /** The tally for a project's requests under `rules`; a tally of other rules is replaced. */
  tally(service: ServiceKind, project: string, rules: CompiledRules): CoverageTally {
    const key = `${service}/${project}`;
    let tally = this.tallies.get(key);
    if (tally?.rules !== rules) {
      tally = new CoverageTally(rules, service, project);
      this.tallies.set(key, tally);
    }
    return tally;
  }

  /** Starts a new count for one project, or for every project of the service. */
  reset(service: ServiceKind, project?: string): void {
    if (project !== undefined) {
      this.tallies.delete(`${service}/${project}`);
      return;
    }
    for (const key of [...this.tallies.keys()]) if (key.startsWith(`${service}/`)) this.tallies.delete(key);
  }

  /** The report of the project's requests under the rules in force for it (counts from zero when none came yet). */
  report(service: ServiceKind, project: string, rules: CompiledRules): RulesCoverageReport {
    const tally = this.tallies.get(`${service}/${project}`);
    return (tally?.rules === rules ? tally : new CoverageTally(rules, service, project)).report();
  }
}
