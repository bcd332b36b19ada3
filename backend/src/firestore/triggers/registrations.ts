// The Firestore triggers that firebase-tools' Functions emulator registers with the Firestore
// emulator (2nd gen: `POST /emulator/v1/projects/{project}/eventarcTrigger?eventarcTriggerId=...`
// with the bundle its getV2FirestoreAttributes builds), and which committed changes each one
// fires for: its document path (exact, or a pattern with `{param}` and `{param=**}`) and its
// event type (created, updated, deleted, written).

import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../errors.js';

export type DocumentEventKind = 'created' | 'updated' | 'deleted' | 'written';

const EVENT_TYPE = /^google\.cloud\.firestore\.document\.v1\.(created|updated|deleted|written)(\.withAuthContext)?$/;

/** One path segment of a pattern. */
type Segment =
  | { kind: 'literal'; text: string }
  /** `*` or `{name}`: one segment. */
  | { kind: 'one'; name?: string }
  /** `**` or `{name=**}`: one or more segments. */
  | { kind: 'many'; name?: string };

export interface TriggerRegistration {
  /** The trigger's id in the Functions emulator (region, function name and a generation). */
  id: string;
  project: string;
  /** The bundle as registered (kept to register it again after a restart). */
  bundle: unknown;
  /** The CloudEvent type it asked for, e.g. google.cloud.firestore.document.v1.updated. */
  eventType: string;
  kind: DocumentEventKind;
  /** The .withAuthContext types: events carry authtype and authid. */
  withAuthContext: boolean;
  /** The database id, e.g. (default). */
  database: string;
  namespace: string;
  /** The document path or pattern, relative to the database's documents. */
  document: string;
  matchType: 'EXACT' | 'PATH_PATTERN';
  segments: Segment[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (id: string, what: string): ApiError => new ApiError('INVALID_ARGUMENT', `Trigger ${id}: ${what}`);

function parseSegment(id: string, text: string): Segment {
  if (text === '*') return { kind: 'one' };
  if (text === '**') return { kind: 'many' };
  const capture = /^\{([A-Za-z_][A-Za-z0-9_]*)(?:=(\*|\*\*))?\}$/.exec(text);
  if (capture) return { kind: capture[2] === '**' ? 'many' : 'one', name: capture[1] };
  if (text === '' || /[{}*]/.test(text)) throw invalid(id, `the document pattern has an invalid segment "${text}".`);
  return { kind: 'literal', text };
}

/** The registration a Functions emulator sent, or INVALID_ARGUMENT saying what is wrong with it. */
export function parseRegistration(project: string, id: string, body: unknown): TriggerRegistration {
  if (id === '') throw new ApiError('INVALID_ARGUMENT', 'The eventarcTriggerId query parameter is missing.');
  if (!isRecord(body)) throw invalid(id, 'the body must be a JSON object.');
  const { eventType, database, namespace, document } = body;
  const type = typeof eventType === 'string' ? EVENT_TYPE.exec(eventType) : null;
  if (!type || typeof eventType !== 'string') {
    throw invalid(
      id,
      `eventType must be one of google.cloud.firestore.document.v1.{created,updated,deleted,written}, not ${JSON.stringify(eventType)}.`,
    );
  }
  if (typeof database !== 'string' || database === '') throw invalid(id, 'database is missing.');
  if (typeof namespace !== 'string' || namespace === '') throw invalid(id, 'namespace is missing.');
  if (!isRecord(document) || typeof document.value !== 'string' || document.value === '') {
    throw invalid(id, 'document must be {"value": "<path>", "matchType": "EXACT" | "PATH_PATTERN"}.');
  }
  const matchType = document.matchType;
  if (matchType !== 'EXACT' && matchType !== 'PATH_PATTERN') {
    throw invalid(id, `document.matchType must be EXACT or PATH_PATTERN, not ${JSON.stringify(matchType)}.`);
  }
  const path = document.value.replace(/^\/+|\/+$/g, '');
  const segments = path.split('/').map((text) => parseSegment(id, text));
  if (matchType === 'EXACT' && segments.some((segment) => segment.kind !== 'literal')) {
    throw invalid(id, `an EXACT document path has no wildcards: ${path}.`);
  }
  if (segments.every((segment) => segment.kind !== 'many') && segments.length % 2 !== 0) {
    throw invalid(id, `"${path}" names a collection, not a document: a document path has an even number of segments.`);
  }
  return {
    id,
    project,
    bundle: body,
    eventType,
    kind: type[1] as DocumentEventKind,
    withAuthContext: type[2] !== undefined,
    database,
    namespace,
    document: path,
    matchType,
    segments,
  };
}

/** The parameters a document path gives the pattern, or null when it does not match. */
export function matchPath(segments: readonly Segment[], path: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  const match = (at: number, from: number): boolean => {
    const segment = segments[at];
    if (!segment) return from === path.length;
    if (segment.kind === 'many') {
      for (let end = path.length; end > from; end -= 1) {
        if (match(at + 1, end)) {
          if (segment.name) params[segment.name] = path.slice(from, end).join('/');
          return true;
        }
      }
      return false;
    }
    const part = path[from];
    if (part === undefined) return false;
    if (segment.kind === 'literal' && segment.text !== part) return false;
    if (!match(at + 1, from + 1)) return false;
    if (segment.kind === 'one' && segment.name) params[segment.name] = part;
    return true;
  };
  return match(0, 0) ? params : null;
}

/** Whether a change with these before and after states is an event of this kind. */
export function isEventOf(kind: DocumentEventKind, before: boolean, after: boolean): boolean {
  switch (kind) {
    case 'created':
      return !before && after;
    case 'updated':
      return before && after;
    case 'deleted':
      return before && !after;
    case 'written':
      return before || after;
  }
}

/** What a data folder keeps of the registrations: a backend killed and started again still delivers. */
interface StoredTriggers {
  registrations: { project: string; id: string; bundle: unknown }[];
  targets: Record<string, string>;
}

/**
 * The registered triggers of every project, by project and id (a new registration replaces one
 * with its id), and where each project's Functions emulator listens when it is not the default one.
 * With a file, both are kept there across restarts, as the documents are: the Functions emulator
 * registers its triggers once, when it loads the codebase.
 */
export class TriggerRegistry {
  private readonly byKey = new Map<string, TriggerRegistration>();
  private readonly targets = new Map<string, string>();

  constructor(
    private defaultTarget?: string,
    private readonly file?: string,
  ) {
    if (!file || !fs.existsSync(file)) return;
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredTriggers;
    for (const { project, id, bundle } of stored.registrations) {
      const registration = parseRegistration(project, id, bundle);
      this.byKey.set(`${project}\n${id}`, registration);
    }
    for (const [project, address] of Object.entries(stored.targets)) this.targets.set(project, address);
  }

  private save(): void {
    if (!this.file) return;
    const stored: StoredTriggers = {
      registrations: [...this.byKey.values()].map(({ project, id, bundle }) => ({ project, id, bundle })),
      targets: Object.fromEntries(this.targets),
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(`${this.file}.tmp`, JSON.stringify(stored, null, 1));
    fs.renameSync(`${this.file}.tmp`, this.file);
  }

  /** Sets where a project's events go (host:port), or the default for every project without its own. */
  setTarget(address: string | undefined, project?: string): void {
    if (project === undefined) this.defaultTarget = address;
    else if (address === undefined) this.targets.delete(project);
    else this.targets.set(project, address);
    if (project !== undefined) this.save();
  }

  target(project: string): string | undefined {
    return this.targets.get(project) ?? this.defaultTarget;
  }

  register(registration: TriggerRegistration): void {
    this.byKey.set(`${registration.project}\n${registration.id}`, registration);
    this.save();
  }

  /** Removes a project's triggers (all of them when no id is given); returns how many went. */
  remove(project: string, id?: string): number {
    let removed = 0;
    for (const [key, registration] of this.byKey) {
      if (registration.project === project && (id === undefined || registration.id === id)) {
        this.byKey.delete(key);
        removed += 1;
      }
    }
    if (removed > 0) this.save();
    return removed;
  }

  list(project: string): TriggerRegistration[] {
    return [...this.byKey.values()].filter((registration) => registration.project === project);
  }

  get size(): number {
    return this.byKey.size;
  }

  /**
   * The triggers a change of `name` (projects/{p}/databases/{d}/documents/{path}) fires, with
   * the path's parameters, given whether the document existed before and after.
   */
  firing(name: string, before: boolean, after: boolean): { registration: TriggerRegistration; params: Record<string, string> }[] {
    const parsed = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/.exec(name);
    if (!parsed || this.byKey.size === 0) return [];
    const [, project, database, documentPath] = parsed as unknown as [string, string, string, string];
    const path = documentPath.split('/');
    const fired = [];
    for (const registration of this.byKey.values()) {
      if (registration.project !== project || registration.database !== database) continue;
      if (!isEventOf(registration.kind, before, after)) continue;
      const params = matchPath(registration.segments, path);
      if (params) fired.push({ registration, params });
    }
    return fired;
  }
}
