import { describe, expect, it } from 'vitest';
import type { Fields } from '../../../backend/src/firestore/types.js';
import { evaluateFirestoreAccess } from '../../../backend/src/rules/firestoreRules.js';
import { access, anonymous, evalExpr, firestoreRules, user } from './rulesTestKit.js';

const data: Fields = {
  count: { integerValue: '42' },
  big: { integerValue: '9007199254740993' },
  ratio: { doubleValue: 0.5 },
  nan: { doubleValue: 'NaN' },
  name: { stringValue: 'Ada' },
  active: { booleanValue: true },
  nothing: { nullValue: null },
  at: { timestampValue: '2024-01-02T03:04:05.678901234Z' },
  offset: { timestampValue: '2024-01-02T05:04:05+02:00' },
  ref: { referenceValue: 'projects/demo/databases/(default)/documents/users/ada' },
  blob: { bytesValue: 'AQID' },
  where: { geoPointValue: { latitude: 51.5, longitude: -0.12 } },
  tags: { arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] } },
  empty: { arrayValue: {} },
  nested: { mapValue: { fields: { inner: { mapValue: { fields: { deep: { stringValue: 'x' } } } } } } },
};

describe('stored document values convert into rule values', () => {
  it.each([
    ['resource.data.count == 42 && resource.data.count is int', 'true'],
    ['resource.data.big == 9007199254740993 && resource.data.big != 9007199254740992', 'true'],
    ['resource.data.ratio == 0.5 && resource.data.ratio is float', 'true'],
    ['math.isNaN(resource.data.nan)', 'true'],
    ["resource.data.name == 'Ada'", 'true'],
    ['resource.data.active == true', 'true'],
    ['resource.data.nothing == null', 'true'],
    ['resource.data.at is timestamp && resource.data.at.nanos() == 678901234 && resource.data.at.hours() == 3', 'true'],
    ['resource.data.offset == timestamp.date(2024, 1, 2) + duration.time(3, 4, 5, 0)', 'true'],
    ['resource.data.ref == /databases/(default)/documents/users/ada', 'true'],
    ["resource.data.blob == b'\\x01\\x02\\x03'", 'true'],
    ['resource.data.where.latitude() == 51.5 && resource.data.where.longitude() == -0.12', 'true'],
    ["resource.data.tags == ['a', 1]", 'true'],
    ['resource.data.empty.size() == 0', 'true'],
    ["resource.data.nested.inner.deep == 'x'", 'true'],
    ["resource.data.get(['nested', 'inner', 'deep'], '') == 'x'", 'true'],
    ['resource.data.missing == 1', 'error'],
    ["resource.id == 'doc' && resource.__name__ == /databases/(default)/documents/t/doc", 'true'],
  ] as const)('%s → %s', (expr, expected) => {
    expect(evalExpr(expr, { resource: { data } })).toBe(expected);
  });

  it('a missing document is null', () => {
    expect(evalExpr('resource == null')).toBe('true');
    expect(evalExpr('resource.data.x == 1')).toBe('error');
  });
});

describe('request', () => {
  it.each([
    ['request.auth == null', anonymous, 'true'],
    ["request.auth.uid == 'u1'", user('u1'), 'true'],
    ['request.auth.token.admin == true', user('u1', { admin: true }), 'true'],
    ['request.auth.token.admin == true', user('u1'), 'error'],
    ["request.auth.token.get('admin', false) == true", user('u1'), 'false'],
    ["request.auth.token.firebase.sign_in_provider == 'anonymous'", user('u1', {}, 'anonymous'), 'true'],
    ["request.auth.token.email == 'a@b.c'", user('u1', { email: 'a@b.c' }), 'true'],
    ["request.method == 'get'", anonymous, 'true'],
    ['request.path == /databases/(default)/documents/t/doc', anonymous, 'true'],
    ['request.time == timestamp.value(1714979289123)', anonymous, 'true'],
    ['request.resource == null', anonymous, 'error'],
  ] as const)('%s (%#) → %s', (expr, identity, expected) => {
    expect(evalExpr(expr, { identity })).toBe(expected);
  });

  it('adds the sign-in provider when the token lacks it', () => {
    const identity = { admin: false, auth: { uid: 'u1', token: { sub: 'u1' }, signInProvider: 'anonymous' } };
    expect(evalExpr("request.auth.token.firebase.sign_in_provider == 'anonymous'", { identity })).toBe('true');
  });

  describe('writes see request.resource and the stored resource', () => {
    const rules = firestoreRules(`
      match /profiles/{uid} {
        allow create: if request.auth.uid == uid
          && request.resource.data.keys().hasOnly(['name', 'phone'])
          && request.resource.data.name is string
          && request.resource.data.name.size() <= 20;
        allow update: if request.auth.uid == uid
          && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name']);
        allow delete: if request.auth.uid == uid && request.resource == null;
      }`);
    const stored = { data: { name: { stringValue: 'Ada' }, phone: { stringValue: '1' } } };
    it.each([
      ['create own', 'create', 'u1', null, { data: { name: { stringValue: 'Ada' } } }, true],
      [
        'create with extra field',
        'create',
        'u1',
        null,
        { data: { name: { stringValue: 'Ada' }, admin: { booleanValue: true } } },
        false,
      ],
      ['create with long name', 'create', 'u1', null, { data: { name: { stringValue: 'x'.repeat(21) } } }, false],
      ['create with wrong type', 'create', 'u1', null, { data: { name: { integerValue: '1' } } }, false],
      ['create for another user', 'create', 'u2', null, { data: { name: { stringValue: 'Ada' } } }, false],
      ['update name', 'update', 'u1', stored, { data: { name: { stringValue: 'Bea' }, phone: { stringValue: '1' } } }, true],
      ['update phone', 'update', 'u1', stored, { data: { name: { stringValue: 'Ada' }, phone: { stringValue: '2' } } }, false],
      ['delete own', 'delete', 'u1', stored, null, true],
    ] as const)('%s', (_name, method, uid, resource, requestResource, allowed) => {
      const decision = evaluateFirestoreAccess(
        rules,
        access('profiles/u1', method, { identity: user(uid), resource, requestResource }),
      );
      expect(decision.allow).toBe(allowed);
    });
  });
});
