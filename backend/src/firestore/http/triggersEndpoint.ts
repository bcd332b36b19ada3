// The endpoints through which firebase-tools' Functions emulator registers Firestore triggers, at
// the official Firestore emulator's paths: `POST /emulator/v1/projects/{project}/eventarcTrigger
// ?eventarcTriggerId={id}` for a 2nd-gen function (the only kind the project declares); the 1st-gen
// `PUT .../triggers/{id}` is answered with a clear refusal. This backend's own additions: `GET`
// on the first path lists a project's triggers and how many of its events are queued or under way, `DELETE` removes one (with the id) or all, and
// `PUT /emulator/v1/projects/{project}:functionsEmulator` with `{"address": "host:port"}` sends
// that project's events to its own Functions emulator (several run against one backend in the
// tests, one per project); `{"address": null}` goes back to the backend's default.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../shared/http.js';
import { ApiError } from '../errors.js';
import { parseRegistration, type TriggerRegistration, type TriggerRegistry } from '../triggers/registrations.js';
import { readJson } from './io.js';

const EVENTARC_PATH = /^\/emulator\/v1\/projects\/([^/:]+)\/eventarcTrigger$/;
const V1_PATH = /^\/emulator\/v1\/projects\/([^/:]+)\/triggers\/([^/]+)$/;
const TARGET_PATH = /^\/emulator\/v1\/projects\/([^/:]+):functionsEmulator$/;
const ADDRESS = /^[A-Za-z0-9.-]+:\d{1,5}$/;

const describe = ({ id, eventType, database, document, matchType }: TriggerRegistration) => ({
  id,
  eventType,
  database,
  document: { value: document, matchType },
});

/** Serves the endpoints; returns false when the request is not for them. */
export async function handleTriggersEndpoint(
  registry: TriggerRegistry,
  pending: (project: string) => number,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const pathname = decodeURIComponent(url.pathname);
  if (V1_PATH.test(pathname) && req.method === 'PUT') {
    throw new ApiError(
      'UNIMPLEMENTED',
      '1st-gen Firestore triggers (firebase-functions/v1) are not delivered by the local backend: declare the function with firebase-functions/firestore (2nd gen), as the project does.',
    );
  }
  const targetProject = TARGET_PATH.exec(pathname)?.[1];
  if (targetProject && req.method === 'PUT') {
    const address = ((await readJson(req)) as { address?: unknown } | null)?.address;
    if (address !== null && (typeof address !== 'string' || !ADDRESS.test(address))) {
      throw new ApiError('INVALID_ARGUMENT', 'The body must be {"address": "<host>:<port>"} (or {"address": null}).');
    }
    registry.setTarget(address ?? undefined, targetProject);
    sendJson(res, 200, { address: registry.target(targetProject) ?? null });
    return true;
  }
  const project = EVENTARC_PATH.exec(pathname)?.[1];
  if (!project) return false;
  const id = url.searchParams.get('eventarcTriggerId') ?? '';
  switch (req.method) {
    case 'POST': {
      const registration = parseRegistration(project, id, await readJson(req));
      registry.register(registration);
      sendJson(res, 200, {});
      return true;
    }
    case 'GET':
      sendJson(res, 200, { triggers: registry.list(project).map(describe), pendingEvents: pending(project) });
      return true;
    case 'DELETE':
      sendJson(res, 200, { removed: registry.remove(project, id === '' ? undefined : id) });
      return true;
    default:
      throw new ApiError(
        'INVALID_ARGUMENT',
        `${req.method} is not served at ${pathname}: POST registers a trigger, GET lists them, DELETE removes them.`,
      );
  }
}
