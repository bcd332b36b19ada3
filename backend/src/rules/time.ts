// Timestamps and durations as nanosecond bigints: RFC 3339 parsing and UTC calendar fields.

import { fail } from './errors.js';

export const NANOS_PER_SECOND = 1_000_000_000n;
export const NANOS_PER_MILLI = 1_000_000n;
const NANOS_PER_DAY = 86_400n * NANOS_PER_SECOND;

// Timestamps the rules language accepts: years 1 through 9999.
const MIN_TIMESTAMP = -62_135_596_800n * NANOS_PER_SECOND;
const MAX_TIMESTAMP = 253_402_300_800n * NANOS_PER_SECOND - 1n;

export function checkTimestamp(nanos: bigint): bigint {
  if (nanos < MIN_TIMESTAMP || nanos > MAX_TIMESTAMP) fail('timestamp out of range');
  return nanos;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|z|[+-]\d{2}:\d{2})$/;

export function parseTimestamp(text: string): bigint {
  const m = RFC3339.exec(text);
  if (!m) return fail(`invalid timestamp '${text}'`);
  // Every group but the fraction is mandatory in the pattern.
  const [, y, mo, d, h, mi, s, frac, zone = 'Z'] = m;
  let seconds =
    BigInt(utcMillis(Number(y), Number(mo), Number(d)) / 1000) + BigInt(Number(h) * 3600 + Number(mi) * 60 + Number(s));
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1n : 1n;
    const offset = BigInt(Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
    seconds -= sign * offset;
  }
  const nanos = frac ? BigInt(frac.padEnd(9, '0')) : 0n;
  return seconds * NANOS_PER_SECOND + nanos;
}

/** Date.UTC treats years 0–99 as 1900–1999; this does not. */
export function utcMillis(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(0, 0, 0, 0);
  return date.getTime();
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export interface CalendarFields {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  nanos: number;
  /** 1 (Monday) to 7 (Sunday). */
  dayOfWeek: number;
  /** 1 to 366. */
  dayOfYear: number;
  /** Nanoseconds since midnight. */
  timeOfDay: bigint;
  /** The timestamp at midnight of its day. */
  midnight: bigint;
}

export function calendar(nanos: bigint): CalendarFields {
  const seconds = floorDiv(nanos, NANOS_PER_SECOND);
  const date = new Date(Number(seconds) * 1000);
  const midnight = floorDiv(nanos, NANOS_PER_DAY) * NANOS_PER_DAY;
  const startOfYear = BigInt(utcMillis(date.getUTCFullYear(), 1, 1)) * NANOS_PER_MILLI;
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hours: date.getUTCHours(),
    minutes: date.getUTCMinutes(),
    seconds: date.getUTCSeconds(),
    nanos: Number(nanos - seconds * NANOS_PER_SECOND),
    dayOfWeek: ((date.getUTCDay() + 6) % 7) + 1,
    dayOfYear: Number((midnight - startOfYear) / NANOS_PER_DAY) + 1,
    timeOfDay: nanos - midnight,
    midnight,
  };
}

export const DURATION_UNITS = {
  w: 7n * NANOS_PER_DAY,
  d: NANOS_PER_DAY,
  h: 3600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: NANOS_PER_MILLI,
  ns: 1n,
} as const satisfies Record<string, bigint>;

/** The nanoseconds in one of duration.value's units ('w', 'd', 'h', 'm', 's', 'ms', 'ns'), or undefined. */
export function durationUnit(name: string): bigint | undefined {
  return Object.hasOwn(DURATION_UNITS, name) ? DURATION_UNITS[name as keyof typeof DURATION_UNITS] : undefined;
}
