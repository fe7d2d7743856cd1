import { inflateRawSync } from "node:zlib";

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Whether every file in the zip unpacks to at most `limit` bytes in all, found by unpacking each within what is
 * left: a zip's own sizes can lie, and a few megabytes can unpack to gigabytes (a "zip bomb"). `visit` sees each file
 * as it is unpacked, by its name in the zip.
 */
export function unpacksWithin(
  bytes: Uint8Array,
  limit: number,
  visit?: (name: string, data: Uint8Array) => void,
): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--)
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0) return false;
  const entries = view.getUint16(end + 10, true);
  let entry = view.getUint32(end + 16, true);
  let left = limit;
  try {
    for (let index = 0; index < entries; index++) {
      if (view.getUint32(entry, true) !== DIRECTORY_ENTRY) return false;
      const method = view.getUint16(entry + 10, true);
      const packed = view.getUint32(entry + 20, true);
      const local = view.getUint32(entry + 42, true);
      const name = new TextDecoder().decode(bytes.subarray(entry + 46, entry + 46 + view.getUint16(entry + 28, true)));
      entry +=
        46 + view.getUint16(entry + 28, true) + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
      if (view.getUint32(local, true) !== LOCAL_HEADER) return false;
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = bytes.subarray(start, start + packed);
      const unpacked =
        method === 0 ? data : method === 8 ? inflateRawSync(data, { maxOutputLength: Math.max(1, left) }) : null;
      if (!unpacked) return false;
      left -= unpacked.length;
      if (left < 0) return false;
      visit?.(name, unpacked);
    }
  } catch {
    // Past the buffer's end, a damaged stream, or more than `left` (zlib's RangeError).
    return false;
  }
  return true;
}
