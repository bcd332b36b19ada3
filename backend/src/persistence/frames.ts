// Record framing for the data files: [u32 length][u32 CRC-32 of the payload][JSON payload].
// Decoding stops at the first frame that is torn or fails its checksum.

import { crc32 } from 'node:zlib';

const HEADER = 8;
/** A length beyond this is garbage, not a record. */
const MAX_RECORD = 1 << 30;

export function encodeFrame(record: object): Buffer {
  const payload = Buffer.from(JSON.stringify(record), 'utf8');
  const frame = Buffer.allocUnsafe(HEADER + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  payload.copy(frame, HEADER);
  return frame;
}

/** The records of every intact frame, and how many leading bytes they span. */
export function decodeFrames(data: Buffer): { records: unknown[]; validBytes: number } {
  const records: unknown[] = [];
  let offset = 0;
  while (offset + HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    if (length > MAX_RECORD || offset + HEADER + length > data.length) break;
    const payload = data.subarray(offset + HEADER, offset + HEADER + length);
    if (crc32(payload) !== data.readUInt32LE(offset + 4)) break;
    let record: unknown;
    try {
      record = JSON.parse(payload.toString('utf8'));
    } catch {
      break;
    }
    records.push(record);
    offset += HEADER + length;
  }
  return { records, validBytes: offset };
}
