import { describe, expect, it } from 'vitest';
import { evalExpr, type Outcome } from './rulesTestKit.js';

type Row = [string, Outcome];

function table(rows: Row[]) {
  it.each(rows)('%s → %s', (expr, expected) => {
    expect(evalExpr(expr)).toBe(expected);
  });
}

describe('string', () => {
  table([
    ["'abc'.size() == 3", 'true'],
    ["'héllo'.size() == 5", 'true'],
    ["'user@domain.com'.matches('.*@domain[.]com')", 'true'],
    ["'banana'.matches('.*@domain[.]com')", 'false'],
    ["'abc'.matches('b')", 'false'],
    ["'ABC'.matches('(?i)abc')", 'true'],
    ["'a1'.matches('[[:alpha:]][[:digit:]]')", 'true'],
    ["'ab'.matches('(?P<x>a)b')", 'true'],
    ["'a'.matches('(')", 'error'],
    ["'ABC123'.lower() == 'abc123'", 'true'],
    ["'abc'.upper() == 'ABC'", 'true'],
    ["'a/b/c'.split('/') == ['a', 'b', 'c']", 'true'],
    ["'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']", 'true'],
    ["'  a b  '.trim() == 'a b'", 'true'],
    ["'banana'.replace('a', 'o') == 'bonono'", 'true'],
    ["'banana'.replace('ana', 'ee') == 'beena'", 'true'],
    ["'foo@test.com'.replace('.', '-') == '------------'", 'true'],
    ["'a'.replace('a', '$&$&') == '$&$&'", 'true'],
    ["'€'.toUtf8() == b'\\xE2\\x82\\xAC'", 'true'],
    ["'abc'.size == 3", 'error'],
    ['1.size() == 1', 'error'],
  ]);
});

describe('numbers, math and conversions', () => {
  table([
    ['math.abs(-1) == 1 && math.abs(1.5) == 1.5', 'true'],
    ['math.abs(-1) is int', 'true'],
    ['math.ceil(2.1) == 3 && math.ceil(2.0) == 2 && math.ceil(2.1) is int', 'true'],
    ['math.floor(1.9) == 1 && math.floor(-1.1) == -2', 'true'],
    ['math.round(2.5) == 3 && math.round(2.4) == 2 && math.round(-2.5) == -3', 'true'],
    ['math.sqrt(4) == 2.0 && math.sqrt(2.25) == 1.5', 'true'],
    ['math.pow(2, 2) == 4 && math.pow(4, 0.5) == 2 && math.pow(2, 2) is float', 'true'],
    ['math.isInfinite(1.0 / 0) && !math.isInfinite(100)', 'true'],
    ['math.isNaN(0.0 / 0) && !math.isNaN(100)', 'true'],
    ["math.abs('1') == 1", 'error'],
    ['int(2.9) == 2 && int(-2.9) == -2', 'true'],
    ["int('42') == 42", 'true'],
    ["int('4.2') == 4", 'error'],
    ['float(1) == 1.0 && float(1) is float', 'true'],
    ["float('2.5') == 2.5", 'true'],
    ["string(true) == 'true' && string(1) == '1' && string(2.0) == '2.0' && string(null) == 'null'", 'true'],
    ["string(1.5) == '1.5'", 'true'],
    ['string([1]) == "[1]"', 'error'],
    ['debug(1) == 1', 'true'],
  ]);
});

describe('list', () => {
  table([
    ['[1, 2].size() == 2', 'true'],
    ["['a', 'b', 'c'].hasAll(['a', 'c'])", 'true'],
    ["['a', 'b'].hasAll(['a', 'z'])", 'false'],
    ["['a', 'b'].hasAny(['z', 'b'])", 'true'],
    ["['a', 'b'].hasAny([])", 'false'],
    ["['a', 'b'].hasOnly(['a', 'b', 'c'])", 'true'],
    ["['a', 'd'].hasOnly(['a', 'b'])", 'false'],
    ["['a', 'b'].hasAll(['a'].toSet())", 'true'],
    ["['a', 'b'].join('-') == 'a-b'", 'true'],
    ['[1, 2].join(",") == "1,2"', 'error'],
    ['[1].concat([2, 3]) == [1, 2, 3]', 'true'],
    ['[1, 2, 1, 3].removeAll([1]) == [2, 3]', 'true'],
    ['[1, 1, 2].toSet() == [2, 1].toSet()', 'true'],
    ['[1, 1, 2].toSet().size() == 2', 'true'],
    ['[1].hasAll(1)', 'error'],
  ]);
});

describe('map', () => {
  table([
    ["{'a': 1, 'b': 2}.size() == 2", 'true'],
    ["{'a': 1, 'b': 2}.keys().hasOnly(['a', 'b'])", 'true'],
    ["{'a': 1, 'b': 2}.values().hasAll([1, 2])", 'true'],
    ["{'a': 3, 'b': 2}.get('c', 7) == 7", 'true'],
    ["{'a': [2, 7], 'b': [9, 12]}.get('b', [1, 1]) == [9, 12]", 'true'],
    ["{'a': {'b': 1}, 'c': 2}.get(['a', 'b'], 7) == 1", 'true'],
    ["{'a': {'b': 1}, 'c': 2}.get(['a', 'x'], 7) == 7", 'true'],
    ["{'a': {'b': 1}, 'c': 2}.get(['c', 'x'], 7) == 7", 'true'],
    ["{'a': 1}.get(1, 0) == 0", 'error'],
    ["{'a': 1}.diff({}).addedKeys() == ['a'].toSet()", 'true'],
    ["{}.diff({'a': 1}).removedKeys() == ['a'].toSet()", 'true'],
    ["{'a': 0}.diff({'a': 1, 'b': 4}).changedKeys() == ['a'].toSet()", 'true'],
    ["{'a': 0}.diff({'a': 0}).unchangedKeys() == ['a'].toSet()", 'true'],
    ["{'a': 0, 'c': 0, 'u': 0}.diff({'r': 0, 'c': 1, 'u': 0}).affectedKeys() == ['a', 'r', 'c'].toSet()", 'true'],
    ["{'a': 1}.diff(1).addedKeys().size() == 0", 'error'],
  ]);
});

describe('set', () => {
  table([
    ["['a', 'b'].toSet().size() == 2", 'true'],
    ["['a', 'b'].toSet().hasAll(['a'])", 'true'],
    ["['a', 'b'].toSet().hasAny(['c'])", 'false'],
    ["['a', 'b'].toSet().hasOnly(['a', 'b', 'c'])", 'true'],
    ["['a'].toSet().union(['b']) == ['a', 'b'].toSet()", 'true'],
    ["['a', 'b'].toSet().intersection(['b', 'c'].toSet()) == ['b'].toSet()", 'true'],
    ["['a', 'b'].toSet().difference(['b']) == ['a'].toSet()", 'true'],
    ["['a', 'b'].toSet() == ['b', 'a'].toSet()", 'true'],
    ["['a'].toSet() == ['a']", 'false'],
  ]);
});

describe('timestamp and duration', () => {
  // request.time in these tests is 2024-05-06T07:08:09.123Z, a Monday.
  table([
    ['request.time.year() == 2024 && request.time.month() == 5 && request.time.day() == 6', 'true'],
    ['request.time.hours() == 7 && request.time.minutes() == 8 && request.time.seconds() == 9', 'true'],
    ['request.time.nanos() == 123000000', 'true'],
    ['request.time.toMillis() == 1714979289123', 'true'],
    ['request.time.dayOfWeek() == 1', 'true'],
    ['request.time.dayOfYear() == 127', 'true'],
    ['request.time.date() == timestamp.date(2024, 5, 6)', 'true'],
    ['request.time.time() == duration.time(7, 8, 9, 123000000)', 'true'],
    ['timestamp.value(1714979289123) == request.time', 'true'],
    ['timestamp.date(1984, 1, 2).toMillis() == 441849600000', 'true'],
    ["request.time + duration.value(1, 'd') == timestamp.date(2024, 5, 7) + request.time.time()", 'true'],
    ["request.time - duration.value(1, 'h') < request.time", 'true'],
    ['request.time - timestamp.date(2024, 5, 6) == duration.time(7, 8, 9, 123000000)', 'true'],
    ['request.time > timestamp.date(2024, 1, 1)', 'true'],
    ["duration.value(1, 'w') == duration.value(7, 'd')", 'true'],
    ["duration.value(90, 'm').seconds() == 5400", 'true'],
    ["duration.value(1500, 'ms').seconds() == 1 && duration.value(1500, 'ms').nanos() == 500000000", 'true'],
    ["duration.value(5, 'ns').nanos() == 5", 'true'],
    ["duration.abs(duration.value(-10, 's')) == duration.value(10, 's')", 'true'],
    ["duration.value(1, 'y') == duration.value(1, 'd')", 'error'],
    ["duration.value(1, 's') + duration.value(1, 's') == duration.value(2000, 'ms')", 'true'],
    ['request.time + 1 == request.time', 'error'],
    ['request.time < 5', 'error'],
  ]);
});

describe('bytes, latlng and hashing', () => {
  table([
    ["b'\\xFF\\xFF'.size() == 2 && b'a'.size() == 1 && b'€'.size() == 3", 'true'],
    ["b'*' == b'\\x2A' && b'\\052' == b'*'", 'true'],
    ["b'\\xFB\\xEF\\xBE'.toBase64() == '----'", 'true'],
    ["b'\\x2A'.toHexString() == '2A' && b'€'.toHexString() == 'E282AC'", 'true'],
    ['latlng.value(10, 20).latitude() == 10.0 && latlng.value(10, 20).longitude() == 20.0', 'true'],
    [
      'latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000 && latlng.value(0, 0).distance(latlng.value(0, 1)) < 111400',
      'true',
    ],
    ['latlng.value(91, 0) == latlng.value(0, 0)', 'error'],
    ["hashing.sha256('abc').toHexString() == 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'", 'true'],
    ["hashing.md5(b'abc').toHexString() == '900150983CD24FB0D6963F7D28E17F72'", 'true'],
    ["hashing.crc32('123456789').toHexString() == 'CBF43926'", 'true'],
    ["hashing.crc32c('123456789').toHexString() == 'E3069283'", 'true'],
  ]);
});
