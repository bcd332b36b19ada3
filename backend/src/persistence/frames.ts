// Record framing for the data files: [u32 length][u32 CRC-32 of the payload][JSON payload].
// Reading tells a torn tail (a crash mid-append: the file ends inside its last frame) from
// damage (a bad frame with more data after it), and can salvage every intact frame around damage.

import { crc32 } from 'node:zlib';

const HEADER = 8;
/** A length beyond this is garbage, not a record. */
const MAX_RECORD = 1 << 30;
/** Every payload is a JSON object: `{` … `}`. */
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

export function encodeFrame(record: object): Buffer {
  const payload = Buffer.from(JSON.stringify(record), 'utf8');
  const frame = Buffer.allocUnsafe(HEADER + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  payload.copy(frame, HEADER);
  return frame;
}

/** The record of the intact frame starting at `offset` and where it ends, or null. */
function frameAt(data: Buffer, offset: number): { record: unknown; end: number } | null {
  if (offset + HEADER > data.length) return null;
  const length = data.readUInt32LE(offset);
  const end = offset + HEADER + length;
  if (length < 2 || length > MAX_RECORD || end > data.length) return null;
  // Cheap checks first: most offsets inside garbage fail here, before the checksum.
  if (data[offset + HEADER] !== OPEN_BRACE || data[end - 1] !== CLOSE_BRACE) return null;
  const payload = data.subarray(offset + HEADER, end);
  if (crc32(payload) !== data.readUInt32LE(offset + 4)) return null;
  try {
    return { record: JSON.parse(payload.toString('utf8')), end };
  } catch {
    return null;
  }
}

/** The first offset after `from` where an intact frame starts, or -1. */
function nextIntactFrame(data: Buffer, from: number): number {
  for (let offset = from; offset + HEADER < data.length; offset++) {
    if (frameAt(data, offset)) return offset;
  }
  return -1;
}

/** What reading a data file found after its intact leading frames. */
export type FrameTrouble =
  /** The file ends inside its last frame (or in zeros never written): a crash mid-append. */
  | { kind: 'torn'; offset: number; bytes: number }
  /** A bad frame with more data after it: damage, never to be cut silently. */
  | { kind: 'damaged'; offset: number; bytes: number };

export interface FrameScan {
  /** The intact frames before any trouble, in order. */
  records: unknown[];
  /** How many leading bytes those frames span. */
  validBytes: number;
  trouble: FrameTrouble | null;
}

export function decodeFrames(data: Buffer): FrameScan {
  const records: unknown[] = [];
  let offset = 0;
  while (offset < data.length) {
    const frame = frameAt(data, offset);
    if (!frame) break;
    records.push(frame.record);
    offset = frame.end;
  }
  if (offset === data.length) return { records, validBytes: offset, trouble: null };
  return {
    records,
    validBytes: offset,
    trouble: { kind: isTornTail(data, offset) ? 'torn' : 'damaged', offset, bytes: data.length - offset },
  };
}

/**
 * A crash mid-append leaves the file ending inside its last frame: a header cut short, a frame
 * whose length runs past the end, or bytes the file system extended but never wrote (zeros).
 * A complete frame with a bad checksum, or any intact frame further on, is damage instead.
 */
function isTornTail(data: Buffer, offset: number): boolean {
  if (nextIntactFrame(data, offset + 1) !== -1) return false;
  if (offset + HEADER > data.length) return true;
  const length = data.readUInt32LE(offset);
  if (offset + HEADER + length > data.length) return true;
  return data.subarray(offset).every((byte) => byte === 0);
}

export interface SalvagedFrames {
  /** Every intact frame in the file, before and after damage, in order. */
  records: unknown[];
  /** The byte ranges that held no intact frame. */
  skipped: { offset: number; bytes: number }[];
}

/** Reads every intact frame, resynchronising after each damaged stretch. */
export function salvageFrames(data: Buffer): SalvagedFrames {
  const records: unknown[] = [];
  const skipped: SalvagedFrames['skipped'] = [];
  let offset = 0;
  while (offset < data.length) {
    const frame = frameAt(data, offset);
    if (frame) {
      records.push(frame.record);
      offset = frame.end;
      continue;
    }
    const next = nextIntactFrame(data, offset + 1);
    const end = next === -1 ? data.length : next;
    skipped.push({ offset, bytes: end - offset });
    offset = end;
  }
  return { records, skipped };
}
