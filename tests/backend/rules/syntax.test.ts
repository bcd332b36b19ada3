import { describe, expect, it } from 'vitest';
import { RulesSyntaxError } from '../../../backend/src/rules/errors.js';
import { loadRules } from '../../../backend/src/rules/loadRules.js';

function errorOf(source: string): RulesSyntaxError {
  try {
    loadRules(source, 'firestore.rules');
  } catch (err) {
    if (err instanceof RulesSyntaxError) return err;
    throw err;
  }
  throw new Error('expected a RulesSyntaxError');
}

const wrap = (inner: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /t/{id} {
      ${inner}
    }
  }
}`;

describe('syntax errors are located', () => {
  it.each([
    [
      'two conditions without an operator',
      wrap('allow read: if true false;'),
      5,
      27,
      "expected 'match', 'allow' or 'function', found 'false'",
    ],
    ['a let without a value', wrap('function f() { let a = ; return a; }'), 5, 30, "expected an expression, found ';'"],
    ['unknown allow method', wrap('allow reed: if true;'), 5, 13, "unknown method 'reed'"],
    ['missing if', wrap('allow read: true;'), 5, 19, "expected 'if'"],
    ['unterminated string', wrap("allow read: if 'abc;"), 5, 22, 'unterminated string'],
    ['bad character', wrap('allow read: if 1 # 2;'), 5, 24, "unexpected character '#'"],
    ['unknown type after is', wrap('allow read: if 1 is integer;'), 5, 27, "unknown type 'integer'"],
    ['bad wildcard', 'service cloud.firestore { match /a/{b c} { } }', 1, 36, 'expected a wildcard'],
    ['allow at service level', 'service cloud.firestore { allow read; }', 1, 27, "expected 'match' or 'function'"],
    ['bad rules_version', "rules_version = '3'; service cloud.firestore {}", 1, 17, "rules_version must be '1' or '2'"],
    ['unterminated comment', 'service cloud.firestore { /* never closed', 1, 27, 'unterminated comment'],
    ['bad escape', wrap("allow read: if 'a\\q' == 'a';"), 5, 24, 'invalid escape sequence'],
  ])('%s', (_name, source, line, column, message) => {
    const err = errorOf(source);
    expect(err.line).toBe(line);
    expect(err.column).toBe(column);
    expect(err.fileName).toBe('firestore.rules');
    expect(err.detail).toContain(message);
    expect(err.message).toBe(`firestore.rules:${line}:${column}: ${err.detail}`);
  });
});

// Production's grammar does not need a `;` after an allow, a let, a return or rules_version: the
// next statement or the closing brace ends one (the language reference writes
// `allow <methods> : if <condition>` without one, and public rules files leave it out).
describe('statements without a semicolon', () => {
  const conditionOf = (source: string, service: 'firestore' | 'storage' = 'firestore') => {
    const rules = loadRules(source, 'x.rules');
    const root = rules.services[service]?.matches[0];
    return root?.matches[0]?.allows.map((a) => [a.methods.join(','), a.condition?.kind ?? 'always']);
  };

  it.each([
    ['an allow followed by the closing brace', 'allow read: if true\n    ', [['read', 'literal']]],
    [
      'an allow followed by another allow',
      'allow read: if true\n      allow write: if false',
      [
        ['read', 'literal'],
        ['write', 'literal'],
      ],
    ],
    [
      'an allow on one line with the next',
      'allow get: if true allow list: if false;',
      [
        ['get', 'literal'],
        ['list', 'literal'],
      ],
    ],
    [
      'an allow without a condition',
      'allow read\n      allow write',
      [
        ['read', 'always'],
        ['write', 'always'],
      ],
    ],
    ['several methods, no condition, no semicolon', 'allow read, write\n', [['read,write', 'always']]],
    [
      'a multi-line condition',
      "allow update: if request.auth != null\n        && request.auth.uid == 'a'\n",
      [['update', 'binary']],
    ],
    ['an allow followed by a match', 'allow read: if true\n      match /sub/{s} { allow read }', [['read', 'literal']]],
    ['an allow followed by a function', 'allow read: if f()\n      function f() { return true }', [['read', 'call']]],
    ['a path literal at the end', 'allow read: if exists(/databases/$(database)/documents/t/$(id))\n', [['read', 'call']]],
    [
      'lets without semicolons',
      'function f() { let a = 1\n let b = a + 1\n return b == 2 }\n      allow read: if f()',
      [['read', 'call']],
    ],
    [
      'semicolons kept',
      'allow read: if true;\n      allow write: if false;',
      [
        ['read', 'literal'],
        ['write', 'literal'],
      ],
    ],
  ])('%s', (_name, inner, allows) => {
    expect(conditionOf(wrap(inner))).toEqual(allows);
  });

  it('rules_version without a semicolon', () => {
    expect(loadRules("rules_version = '2'\nservice cloud.firestore { match /a/{b} { allow read } }", 'x.rules').version).toBe(
      '2',
    );
  });

  it('storage rules, parsed by the same grammar', () => {
    const source = `rules_version = '2'
service firebase.storage {
  match /b/{bucket}/o {
    match /logos/{name} {
      allow read
      allow write: if request.auth != null
        && request.resource.size < 1024
    }
  }
}`;
    expect(conditionOf(source, 'storage')).toEqual([
      ['read', 'always'],
      ['write', 'binary'],
    ]);
  });
});

describe('static checks are located', () => {
  it.each([
    ['undefined variable', wrap('allow read: if usr == 1;'), 5, 22, "undefined variable 'usr'"],
    ['unknown function', wrap('allow read: if isAdmin();'), 5, 22, "unknown function 'isAdmin'"],
    ['unknown method', wrap("allow read: if 'a'.startsWith('a');"), 5, 26, "unknown method 'startsWith'"],
    ['unknown namespace function', wrap('allow read: if math.max(1, 2) == 2;'), 5, 27, "unknown function 'math.max'"],
    [
      'wrong arity of a user function',
      wrap('function f(a) { return a; }\n      allow read: if f(1, 2);'),
      6,
      22,
      'f() takes 1 argument(s), got 2',
    ],
    ['wrong arity of a builtin', wrap('allow read: if exists();'), 5, 22, 'exists() takes 1 argument(s), got 0'],
    ['namespace as a value', wrap('allow read: if math == 1;'), 5, 22, "'math' is a namespace"],
    ['wildcard out of scope', wrap('allow read: if other == 1;') + '\n', 5, 22, "undefined variable 'other'"],
    [
      'function sees only its own scope',
      `service cloud.firestore {
  function f() { return id == 'x'; }
  match /t/{id} { allow read: if f(); }
}`,
      2,
      25,
      "undefined variable 'id'",
    ],
    [
      'let used before it is defined',
      wrap('function f() { let a = b; let b = 1; return a; }\n      allow read: if f();'),
      5,
      30,
      "undefined variable 'b'",
    ],
    [
      'recursive wildcard not last in version 1',
      'service cloud.firestore { match /a/{rest=**}/b { } }',
      1,
      27,
      'must be the last segment',
    ],
    [
      'duplicate function',
      wrap('function f() { return true; }\n      function f() { return false; }'),
      6,
      7,
      "function 'f' is declared twice",
    ],
    ['unknown service', 'service cloud.datastore { }', 1, 1, "unknown service 'cloud.datastore'"],
    [
      'condition that is certainly not a bool',
      wrap("allow read: if 'yes';"),
      5,
      22,
      'the condition of allow must be a bool, got string',
    ],
    ['string plus int', wrap("allow read: if 'a' + 1 == 'a1';"), 5, 26, 'operator + is not defined for string and int'],
    ['negating a string', wrap("allow read: if -'a' == 'a';"), 5, 22, 'operator - needs a number, got string'],
    ['not of an int', wrap('allow read: if !1;'), 5, 22, 'operator ! needs a bool, got int'],
    ['and of an int', wrap('allow read: if 1 && true;'), 5, 24, 'operator && needs a bool, got int'],
    ['ternary on a string', wrap("allow read: if 'x' ? true : false;"), 5, 26, 'the condition of ?: needs a bool, got string'],
    [
      'get() in storage rules',
      'service firebase.storage { match /b/{bucket}/o { allow read: if get(/databases/x/documents/a/b) != null; } }',
      1,
      65,
      'use firestore.get()',
    ],
  ])('%s', (_name, source, line, column, message) => {
    const err = errorOf(source);
    expect([err.line, err.column]).toEqual([line, column]);
    expect(err.detail).toContain(message);
  });

  it('accepts a realistic rules file', () => {
    const rules = loadRules(
      `rules_version = '2';
service cloud.firestore {
  function isSignedIn() { return request.auth != null; }
  match /databases/{database}/documents {
    function isAdmin() {
      return isSignedIn() && request.auth.token.admin == true;
    }
    // Users may read and write their own profile.
    match /users/{userId} {
      function isOwner() { return isSignedIn() && request.auth.uid == userId; }
      allow read: if isOwner() || isAdmin();
      allow create: if isOwner() && request.resource.data.keys().hasOnly(['name', 'phone']);
      allow update: if isOwner()
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name']);
      allow delete: if isAdmin();
    }
    match /events/{eventId} {
      allow read;
      allow write: if isAdmin()
        || exists(/databases/$(database)/documents/admins/$(request.auth.uid));
    }
    match /{path=**}/responses/{responseId} {
      allow list: if isAdmin();
    }
  }
}`,
      'firestore.rules',
    );
    expect(rules.version).toBe('2');
    expect(rules.services.firestore?.matches).toHaveLength(1);
  });
});
