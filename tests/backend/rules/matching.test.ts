import { describe, expect, it } from 'vitest';
import { evaluateFirestoreAccess, firestoreAuthorizer } from '../../../backend/src/rules/firestoreRules.js';
import { access, evalExpr, firestoreRules, user } from './rulesTestKit.js';

describe('methods', () => {
  const rules = firestoreRules(`
    match /r/{id} { allow read; }
    match /w/{id} { allow write; }
    match /g/{id} { allow get; }
    match /l/{id} { allow list; }
    match /c/{id} { allow create, delete; }
    match /u/{id} { allow update: if true; }`);
  it.each([
    ['r/x', 'get', true],
    ['r', 'list', true],
    ['r/x', 'create', false],
    ['w/x', 'create', true],
    ['w/x', 'update', true],
    ['w/x', 'delete', true],
    ['w/x', 'get', false],
    ['g/x', 'get', true],
    ['g', 'list', false],
    ['l', 'list', true],
    ['l/x', 'get', false],
    ['c/x', 'create', true],
    ['c/x', 'delete', true],
    ['c/x', 'update', false],
    ['u/x', 'update', true],
    ['u/x', 'create', false],
    ['other/x', 'get', false],
  ] as const)('%s %s → %s', (path, method, allowed) => {
    expect(evaluateFirestoreAccess(rules, access(path, method)).allow).toBe(allowed);
  });
});

describe('wildcards', () => {
  const rules = firestoreRules(`
    match /users/{userId} {
      allow get: if userId == 'alice' && database == '(default)';
      match /posts/{postId} {
        allow get: if userId == 'alice' && postId == 'p1';
      }
    }
    match /files/{rest=**} {
      allow get: if rest == /a/b/c;
      allow list: if rest[0] == 'a';
    }
    match /{path=**}/comments/{commentId} {
      allow get: if path[0] == 'articles' && commentId == 'c1';
    }`);
  it.each([
    ['users/alice', 'get', true],
    ['users/bob', 'get', false],
    ['users/alice/posts/p1', 'get', true],
    ['users/alice/posts/p2', 'get', false],
    ['users/alice/other/p1', 'get', false],
    ['files/a/b/c', 'get', true],
    ['files/a/b', 'get', false],
    ['files/a/b/c/d', 'get', false],
    ['files/a', 'list', true],
    ['articles/x/comments/c1', 'get', true],
    ['news/x/comments/c1', 'get', false],
  ] as const)('%s %s → %s', (path, method, allowed) => {
    expect(evaluateFirestoreAccess(rules, access(path, method)).allow).toBe(allowed);
  });

  it('in rules_version 2 a recursive wildcard matches zero segments', () => {
    const v2 = firestoreRules('match /a/{rest=**} { allow get: if rest == path(""); }\n match /{doc=**} { allow list; }', '2');
    expect(evaluateFirestoreAccess(v2, access('a/b', 'get')).allow).toBe(false);
    const zero = firestoreRules('match /a/b/{rest=**} { allow get; }', '2');
    expect(evaluateFirestoreAccess(zero, access('a/b', 'get')).allow).toBe(true);
  });

  it('in rules_version 1 a recursive wildcard needs at least one segment', () => {
    const v1 = firestoreRules('match /a/b/{rest=**} { allow get; }', '1');
    expect(evaluateFirestoreAccess(v1, access('a/b', 'get')).allow).toBe(false);
    expect(evaluateFirestoreAccess(v1, access('a/b/c/d', 'get')).allow).toBe(true);
  });

  it('a list on a collection leaves the document wildcard unbound', () => {
    const rules = firestoreRules(`
      match /items/{itemId} {
        allow list: if itemId == 'x';
      }
      match /open/{itemId} {
        allow list: if request.query.limit <= 50;
      }`);
    const unbound = evaluateFirestoreAccess(rules, access('items', 'list'));
    expect(unbound.allow).toBe(false);
    expect(unbound.reason).toContain("wildcard 'itemId' is not bound");
    expect(evaluateFirestoreAccess(rules, access('open', 'list', { query: { limit: 20 } })).allow).toBe(true);
    expect(evaluateFirestoreAccess(rules, access('open', 'list', { query: { limit: 200 } })).allow).toBe(false);
    expect(evaluateFirestoreAccess(rules, access('open', 'list')).allow).toBe(false);
    // Per-document evaluation of a list: the engine may pass each document's path.
    expect(evaluateFirestoreAccess(rules, access('items/x', 'list')).allow).toBe(true);
  });
});

describe('overlapping matches and reasons', () => {
  const rules = firestoreRules(`
    match /docs/{id} {
      allow get: if 1 / 0 == 0;
      allow get: if id == 'shared';
    }
    match /{document=**} {
      allow get: if request.auth != null && request.auth.token.admin == true;
    }`);

  it('grants when any matching allow is true, naming the rule', () => {
    const decision = evaluateFirestoreAccess(rules, access('docs/shared', 'get'));
    expect(decision).toEqual({ allow: true, reason: 'firestore.rules:7: allow get in match /docs/{id}' });
  });

  it('an error in one allow does not stop another block from granting', () => {
    const decision = evaluateFirestoreAccess(rules, access('docs/private', 'get', { identity: user('a', { admin: true }) }));
    expect(decision.allow).toBe(true);
    expect(decision.reason).toBe('firestore.rules:10: allow get in match /{document=**}');
  });

  it('denies by default and reports the errors it met', () => {
    const decision = evaluateFirestoreAccess(rules, access('docs/private', 'get'));
    expect(decision.allow).toBe(false);
    expect(decision.reason).toBe(
      'no rule allowed get on /databases/(default)/documents/docs/private (errors: firestore.rules:6:23: division by zero)',
    );
  });

  it('denies without errors when nothing matches', () => {
    const none = firestoreRules('match /a/{id} { allow read; }');
    expect(evaluateFirestoreAccess(none, access('b/c', 'get'))).toEqual({
      allow: false,
      reason: 'no rule allowed get on /databases/(default)/documents/b/c',
    });
  });

  it('the authorizer refuses storage requests and bad paths', () => {
    const authorize = firestoreAuthorizer(rules);
    expect(authorize({ ...access('docs/shared', 'get'), path: 'nonsense' }).allow).toBe(false);
    expect(authorize(access('docs', 'get')).allow).toBe(false);
    expect(authorize(access('docs/shared', 'get')).allow).toBe(true);
  });
});

describe('functions and let', () => {
  const fns = `
    function double(x) { return x * 2; }
    function isSix(x) { let d = double(x); let six = 6; return d == six; }
    function lazy(x) { let boom = 1 / 0; return x || boom == 0; }
    function loop(n) { return loop(n + 1); }
    function deep(n) { return n == 0 ? true : deep(n - 1); }`;
  it.each([
    ['double(2) == 4', 'true'],
    ['isSix(3)', 'true'],
    ['isSix(4)', 'false'],
    ['lazy(true)', 'true'],
    ['lazy(false)', 'error'],
    ['loop(0)', 'error'],
    ['deep(5)', 'true'],
    ['deep(19)', 'true'],
    ['deep(20)', 'error'],
  ] as const)('%s → %s', (expr, expected) => {
    expect(evalExpr(expr, { functions: fns })).toBe(expected);
  });

  it('functions see the wildcards of the match they are declared in, and service-level ones none', () => {
    const rules = firestoreRules(`
      function outer() { return database == '(default)'; }
      match /t/{id} {
        function inner() { return id == 'doc' && outer(); }
        allow get: if inner();
      }`);
    expect(evaluateFirestoreAccess(rules, access('t/doc', 'get')).allow).toBe(true);
    expect(evaluateFirestoreAccess(rules, access('t/other', 'get')).allow).toBe(false);
  });
});
