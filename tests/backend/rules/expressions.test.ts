import { describe, expect, it } from 'vitest';
import { evalExpr, type Outcome } from './rulesTestKit.js';

type Row = [string, Outcome];

function table(rows: Row[]) {
  it.each(rows)('%s → %s', (expr, expected) => {
    expect(evalExpr(expr)).toBe(expected);
  });
}

describe('literals', () => {
  table([
    ['1 == 1', 'true'],
    ['0x1F == 31', 'true'],
    ['-9223372036854775808 < 0', 'true'],
    ['1.5 == 1.5', 'true'],
    ['1e3 == 1000.0', 'true'],
    ["'it\\'s' == \"it's\"", 'true'],
    ["'a\\nb'.size() == 3", 'true'],
    ["'\\u00e9' == 'é'", 'true'],
    ["'\\x41\\101' == 'AA'", 'true'],
    ["r'a\\n'.size() == 3", 'true'],
    ["b'\\xFF\\x00'.size() == 2", 'true'],
    ['true && !false', 'true'],
    ['null == null', 'true'],
    ['[1, 2, 3] == [1, 2, 3]', 'true'],
    ['[1, 2,] == [1, 2]', 'true'],
    ["{'a': 1, 'b': [true]} == {'b': [true], 'a': 1}", 'true'],
    ['{} == {}', 'true'],
  ]);
});

describe('arithmetic', () => {
  table([
    ['1 + 2 * 3 == 7', 'true'],
    ['(1 + 2) * 3 == 9', 'true'],
    ['7 / 2 == 3', 'true'],
    ['-7 / 2 == -3', 'true'],
    ['7 % 3 == 1', 'true'],
    ['-7 % 3 == -1', 'true'],
    ['7.0 / 2 == 3.5', 'true'],
    ['1 + 0.5 == 1.5', 'true'],
    ['1 == 1.0', 'true'],
    ['5.5 % 2 == 1.5', 'true'],
    ['1 / 0 == 0', 'error'],
    ['1 % 0 == 0', 'error'],
    ['1.0 / 0 > 1000000.0', 'true'],
    ['9223372036854775807 + 1 > 0', 'error'],
    ["'ab' + 'cd' == 'abcd'", 'true'],
    ['[1] + [2] == [1, 2]', 'true'],
    ["debug('a') + 1 == 'a1'", 'error'],
    ["1 - debug('a') == 0", 'error'],
    ['-(1 + 2) == -3', 'true'],
    ["-debug('a') == 'a'", 'error'],
  ]);
});

describe('comparison', () => {
  table([
    ['1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3', 'true'],
    ['1 < 1.5', 'true'],
    ["'abc' < 'abd'", 'true'],
    ["'B' < 'a'", 'true'],
    ['1 != 2', 'true'],
    ["1 == '1'", 'false'],
    ["1 != '1'", 'true'],
    ["1 < '2'", 'error'],
    ['[1] < [2]', 'error'],
    ['null == false', 'false'],
  ]);
});

describe('logic: short-circuit and errors', () => {
  table([
    ['false && (1 / 0 == 0)', 'false'],
    ['true || (1 / 0 == 0)', 'true'],
    ['(1 / 0 == 0) || true', 'true'],
    ['(1 / 0 == 0) && false', 'false'],
    ['(1 / 0 == 0) && true', 'error'],
    ['(1 / 0 == 0) || false', 'error'],
    ['true && (1 / 0 == 0)', 'error'],
    ['!(1 == 2)', 'true'],
    ['!debug(1)', 'error'],
    ['debug(1) && true', 'error'],
    ['debug(1)', 'error'],
    ["debug('true')", 'error'],
    ['true ? 1 == 1 : 1 / 0 == 0', 'true'],
    ['false ? 1 / 0 == 0 : 2 > 1', 'true'],
    ['debug(1) ? true : false', 'error'],
    ['request.auth.uid == "x"', 'error'],
    ['request.auth == null || request.auth.uid == "x"', 'true'],
    ['request.auth != null && request.auth.uid == "x"', 'false'],
  ]);
});

describe('in and is', () => {
  table([
    ['2 in [1, 2, 3]', 'true'],
    ['4 in [1, 2, 3]', 'false'],
    ['2.0 in [1, 2]', 'true'],
    ["'a' in {'a': 1}", 'true'],
    ["'b' in {'a': 1}", 'false'],
    ["1 in {'a': 1}", 'error'],
    ["'a' in ['a', 'b'].toSet()", 'true'],
    ["'a' in 'abc'", 'error'],
    ["'x' is string", 'true'],
    ['1 is int && 1 is number && !(1 is float)', 'true'],
    ['1.5 is float && 1.5 is number', 'true'],
    ['true is bool', 'true'],
    ['null is null', 'true'],
    ['[1] is list && !([1] is map)', 'true'],
    ["{'a': 1} is map", 'true'],
    ['[1].toSet() is set', 'true'],
    ['/a/b is path', 'true'],
    ['request.time is timestamp', 'true'],
    ["duration.value(1, 's') is duration", 'true'],
    ["b'a' is bytes", 'true'],
    ['latlng.value(1, 2) is latlng', 'true'],
    ["{'a': 1}.diff({}) is map_diff", 'true'],
  ]);
});

describe('member and index access', () => {
  table([
    ["{'a': {'b': 2}}.a.b == 2", 'true'],
    ["{'a': {'b': 2}}['a']['b'] == 2", 'true'],
    ["{'a': 1}.b == 1", 'error'],
    ["{'a': 1}['b'] == 1", 'error'],
    ["{'a': 1}[1] == 1", 'error'],
    ['[10, 20, 30][1] == 20', 'true'],
    ['[10, 20][2] == 0', 'error'],
    ['[10, 20][-1] == 0', 'error'],
    ['[1, 2, 3, 4][1:3] == [2, 3]', 'true'],
    ['[1, 2, 3][:2] == [1, 2]', 'true'],
    ['[1, 2, 3][1:] == [2, 3]', 'true'],
    ['[1, 2, 3][2:5] == [3]', 'error'],
    ["'hello'[1] == 'e'", 'true'],
    ["'hello'[1:3] == 'el'", 'true'],
    ["'héllo'[1] == 'é'", 'true'],
    ['null.a == 1', 'error'],
    ['(1).a == 1', 'error'],
  ]);
});

describe('path literals', () => {
  table([
    ['/databases/$(database)/documents/users/u1 == path("databases/(default)/documents/users/u1")', 'true'],
    ['/databases/(default)/documents/t/$(id) == /databases/$(database)/documents/t/doc', 'true'],
    ["/a/b-c_d.e/f == path('/a/b-c_d.e/f')", 'true'],
    ["/a/$(id)/c[1] == 'doc'", 'true'],
    ["/a/pre$(id)post/c[1] == 'predocpost'", 'true'],
    ['/a/$(1 + 2)/c == /a/3/c', 'true'],
    ["string(/a/b) == '/a/b'", 'true'],
    ["/a/$(path('x/y'))/z == /a/x/y/z", 'true'],
    ["path('users/{uid}').bind({'uid': 'u1'}) == /users/u1", 'true'],
    ['/a/b == /a/c', 'false'],
    ['/a/$([1])/b == /a/b', 'error'],
    ['4 / 2 == 2', 'true'],
  ]);
});
