// Which indexes each project has and whether its queries must have them. The backend starts with
// one setting for every project (the indexes file of firebase.json, enforced or not); a project
// may be given its own (the emulator endpoint), as rules are set per project. The engine asks
// `check` before it runs a query, a listener's query or an aggregation.

import type { StructuredQuery } from '../types.js';
import type { PreparedQuery } from '../engine/query.js';
import { NO_INDEXES, type IndexDefinitions } from './definitions.js';
import { missingIndexError } from './missingIndexError.js';
import { missingIndex } from './planner.js';
import { queryShape } from './queryShape.js';

export interface IndexSettings {
  /** True: a query its indexes cannot serve fails, as in production. False: every query runs. */
  require: boolean;
  definitions: IndexDefinitions;
}

/** A project's own settings; what it leaves out follows the backend's. */
export type ProjectIndexSettings = Partial<IndexSettings>;

export class IndexPolicy {
  private readonly projects = new Map<string, ProjectIndexSettings>();

  constructor(private defaults: IndexSettings = { require: false, definitions: NO_INDEXES }) {}

  /** Replaces the backend-wide settings (a reloaded indexes file, say). */
  setDefaults(settings: Partial<IndexSettings>): void {
    this.defaults = { ...this.defaults, ...settings };
  }

  setProject(project: string, settings: ProjectIndexSettings): void {
    this.projects.set(project, { ...this.projects.get(project), ...settings });
  }

  settingsFor(project: string): IndexSettings {
    return { ...this.defaults, ...this.projects.get(project) };
  }

  /**
   * Throws FAILED_PRECONDITION, in production's words, when the query needs an index the
   * project lacks. `aggregated`: for aggregations, the fields summed or averaged (none for count).
   */
  check(query: StructuredQuery, prepared: PreparedQuery, aggregated?: string[][]): void {
    const { database } = prepared.parent;
    const settings = this.settingsFor(database.split('/')[1] ?? '');
    if (!settings.require) return;
    const missing = missingIndex(queryShape(query, prepared, aggregated), settings.definitions);
    if (missing) throw missingIndexError(database, missing);
  }
}
