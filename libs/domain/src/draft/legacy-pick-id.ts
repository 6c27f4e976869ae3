/**
 * The id of a pick stored before picks had ids (no `pickId` in its event): the md5 of `<draftId>:<pickNumber>`
 * shaped as a UUID. Deterministic, so the live projection, a rebuild, the decider and the audit all give such a
 * pick the same id. md5 is written out here because the domain imports nothing (no `node:crypto`); it names old
 * rows, it protects nothing.
 */
export function legacyPickId(draftId: string, pickNumber: number): string {
  const hex = md5Hex(`${draftId}:${pickNumber}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** RFC 1321 md5 of the UTF-8 bytes of `text`, as lowercase hex. */
export function md5Hex(text: string): string {
  const bytes = utf8(text);
  const padded = new Uint8Array((((bytes.length + 8) >> 6) + 1) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, (bytes.length * 8) >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(bytes.length / 0x20000000), true);
  let [a0, b0, c0, d0] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < padded.length; offset += 64) {
    let [a, b, c, d] = [a0, b0, c0, d0];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const [f, g] =
        round === 0
          ? [(b & c) | (~b & d), i]
          : round === 1
            ? [(d & b) | (~d & c), (5 * i + 1) % 16]
            : round === 2
              ? [b ^ c ^ d, (3 * i + 5) % 16]
              : [c ^ (b | ~d), (7 * i) % 16];
      const sum = (a + f + SINES[i]! + view.getUint32(offset + g * 4, true)) >>> 0;
      const shift = SHIFTS[round * 4 + (i % 4)]!;
      [a, d, c] = [d, c, b];
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    [a0, b0, c0, d0] = [(a0 + a) >>> 0, (b0 + b) >>> 0, (c0 + c) >>> 0, (d0 + d) >>> 0];
  }
  return [a0, b0, c0, d0]
    .map((word) => {
      const le = new DataView(new ArrayBuffer(4));
      le.setUint32(0, word, true);
      return Array.from(new Uint8Array(le.buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
    })
    .join('');
}

/** UTF-8 bytes of `text` (the domain has no TextEncoder: no DOM, no node types). */
function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return Uint8Array.from(bytes);
}
