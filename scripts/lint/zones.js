// A lint rule for the repository's zones (docs/architecture.md): which folder may import
// which. It resolves each relative import against the importing file and names both zones when
// an import crosses a boundary. The domain imports nothing but itself: no packages, no Node.
// A local rule because the maintained import plugins need a native TypeScript resolver to see
// through `.js` specifiers, and a boundary between folders needs only the path.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ZONES = { src: 'app', domain: 'domain', functions: 'functions', backend: 'backend', tests: 'tests', scripts: 'scripts' };

/** Zones each zone may not import from (the domain is stricter still: see below). */
const FORBIDDEN = {
  app: ['backend', 'functions', 'tests', 'scripts'],
  backend: ['app', 'functions', 'tests'],
  functions: ['app', 'backend', 'tests', 'scripts'],
};

/** The zone a file belongs to, from its first folder under the repository root. */
export function zoneOf(file) {
  const first = path.relative(root, file).split(path.sep)[0];
  return ZONES[first] ?? 'config';
}

function check(context, node) {
  const source = node.source;
  if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
  const file = context.filename;
  const from = zoneOf(file);
  const specifier = source.value;
  const relative = specifier.startsWith('.');
  if (from === 'domain') {
    const outside = !relative || zoneOf(path.resolve(path.dirname(file), specifier)) !== 'domain';
    if (outside) context.report({ node: source, messageId: 'domain', data: { specifier } });
    return;
  }
  if (!relative) return;
  const to = zoneOf(path.resolve(path.dirname(file), specifier));
  if ((FORBIDDEN[from] ?? []).includes(to))
    context.report({ node: source, messageId: 'crossing', data: { from, to, specifier } });
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the zones each zone may use.' },
    schema: [],
    messages: {
      crossing: "The {{from}} zone may not import from the {{to}} zone ('{{specifier}}').",
      domain: "The domain is pure TypeScript and imports only itself ('{{specifier}}').",
    },
  },
  create(context) {
    const visit = (node) => check(context, node);
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
    };
  },
};

export default { meta: { name: 'zones' }, rules: { boundaries } };
