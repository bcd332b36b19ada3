// The emulator endpoint for a project's indexes (this backend's own; the official emulator has
// none and runs every query): `PUT /emulator/v1/projects/{project}:indexes` with
// `{"requireIndexes": bool}` turns enforcement on or off for that project, and with the
// `indexes` (and `fieldOverrides`) of an indexes file gives it those definitions. `GET` answers
// the project's settings in the same form.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../shared/http.js';
import { definitionsFromJson } from '../indexes/definitions.js';
import type { IndexPolicy, ProjectIndexSettings } from '../indexes/indexPolicy.js';
import { ApiError } from '../errors.js';
import { readJson } from './io.js';

const PATH = /^\/emulator\/v1\/projects\/([^/:]+):indexes$/;

/** Serves the endpoint; returns false when the request is not for it. */
export async function handleIndexesEndpoint(
  policy: IndexPolicy,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const project = PATH.exec(decodeURIComponent(url.pathname))?.[1];
  if (!project || (req.method !== 'PUT' && req.method !== 'GET')) return false;
  if (req.method === 'PUT') policy.setProject(project, settingsOf(await readJson(req)));
  const { require, definitions } = policy.settingsFor(project);
  sendJson(res, 200, {
    requireIndexes: require,
    composites: definitions.composites.length,
    fieldOverrides: definitions.overrides.length,
  });
  return true;
}

function settingsOf(body: unknown): ProjectIndexSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError('INVALID_ARGUMENT', 'The body must be an object.');
  const { requireIndexes, indexes, fieldOverrides } = body as Record<string, unknown>;
  const settings: ProjectIndexSettings = {};
  if (requireIndexes !== undefined) {
    if (typeof requireIndexes !== 'boolean') throw new ApiError('INVALID_ARGUMENT', 'requireIndexes must be true or false.');
    settings.require = requireIndexes;
  }
  if (indexes !== undefined || fieldOverrides !== undefined) {
    settings.definitions = definitionsFromJson({ indexes: indexes ?? [], fieldOverrides });
  }
  return settings;
}
