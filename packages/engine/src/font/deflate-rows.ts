// A small zlib (RFC 1950/1951) compressor for the rows of a PNG: its only matches are a run of the previous pixel and a
// stretch of the row above, which is what a picture of ink on clear paper repeats. One pass and one Huffman block: about
// 10 ms of CPU for a page's 80 box pictures, where a CompressionStream each cost several times that (their per-stream
// overhead alone about as much), and 7 % smaller than zlib's level 6 on them.

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/** The order code length code lengths are stored in (RFC 1951, 3.2.7). */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const MAX_MATCH = 258;
const END_OF_BLOCK = 256;

/** Length code (257–285) of each match length 3–258. */
const LENGTH_CODE = new Uint16Array(MAX_MATCH + 1);
for (let code = 0; code < 29; code++) {
  const end = code === 28 ? MAX_MATCH + 1 : LENGTH_BASE[code + 1]!;
  for (let length = LENGTH_BASE[code]!; length < end; length++) LENGTH_CODE[length] = 257 + code;
}
// 258 has a code of its own (285), not code 284 with all extra bits set.
LENGTH_CODE[MAX_MATCH] = 285;

/**
 * Compresses `data` (PNG rows, each a filter byte and `rowBytes` bytes of pixels of `pixelBytes` each) into a zlib
 * stream any inflater reads back exactly.
 */
export function deflateRows(data: Uint8Array, pixelBytes: number, rowBytes: number): Uint8Array {
  const near = pixelBytes;
  // Rows longer than deflate's window (32 kB) are matched against the previous pixel only (far 0: no row above).
  const far = rowBytes + 1 <= 32768 ? rowBytes + 1 : 0;
  // First pass: the stream as literals and matches (a match stored as its length + 256 and which distance).
  const tokens = new Uint16Array(data.length);
  const farMatch = new Uint8Array(data.length);
  const literalCounts = new Uint32Array(286);
  const distanceCounts = new Uint32Array(30);
  const nearCode = distanceCode(near);
  const farCode = distanceCode(Math.max(1, far));
  let count = 0;
  for (let i = 0; i < data.length; ) {
    const max = Math.min(MAX_MATCH, data.length - i);
    let nearLength = 0;
    if (i >= near) while (nearLength < max && data[i + nearLength] === data[i + nearLength - near]) nearLength++;
    let farLength = 0;
    if (far > 0 && i >= far) while (farLength < max && data[i + farLength] === data[i + farLength - far]) farLength++;
    const length = Math.max(nearLength, farLength);
    if (length >= 3) {
      const useFar = farLength > nearLength;
      tokens[count] = 256 + length;
      farMatch[count++] = useFar ? 1 : 0;
      literalCounts[LENGTH_CODE[length]!]!++;
      distanceCounts[useFar ? farCode : nearCode]!++;
      i += length;
    } else {
      tokens[count++] = data[i]!;
      literalCounts[data[i]!]!++;
      i++;
    }
  }
  literalCounts[END_OF_BLOCK] = 1;
  // Both distance codes get a length even when one is unused, so the distance code is always complete.
  distanceCounts[nearCode] = Math.max(1, distanceCounts[nearCode]!);
  distanceCounts[farCode] = Math.max(1, distanceCounts[farCode]!);
  const literalLengths = codeLengths(literalCounts, 15);
  const distanceLengths = codeLengths(distanceCounts, 15);
  const literalCodes = canonicalCodes(literalLengths);
  const distanceCodes = canonicalCodes(distanceLengths);

  const out = new BitWriter(data.length + 1024);
  out.bytes(0x78, 0x01);
  out.bits(1, 1); // the last block
  out.bits(2, 2); // dynamic Huffman codes
  writeCodeLengths(out, literalLengths, distanceLengths);
  const nearExtraBits = DISTANCE_EXTRA[nearCode]!;
  const nearExtra = near - DISTANCE_BASE[nearCode]!;
  const farExtraBits = DISTANCE_EXTRA[farCode]!;
  const farExtra = Math.max(1, far) - DISTANCE_BASE[farCode]!;
  for (let t = 0; t < count; t++) {
    const token = tokens[t]!;
    if (token < 256) {
      out.bits(literalCodes[token]!, literalLengths[token]!);
      continue;
    }
    const length = token - 256;
    const code = LENGTH_CODE[length]!;
    out.bits(literalCodes[code]!, literalLengths[code]!);
    out.bits(length - LENGTH_BASE[code - 257]!, LENGTH_EXTRA[code - 257]!);
    if (farMatch[t]) {
      out.bits(distanceCodes[farCode]!, distanceLengths[farCode]!);
      out.bits(farExtra, farExtraBits);
    } else {
      out.bits(distanceCodes[nearCode]!, distanceLengths[nearCode]!);
      out.bits(nearExtra, nearExtraBits);
    }
  }
  out.bits(literalCodes[END_OF_BLOCK]!, literalLengths[END_OF_BLOCK]!);
  out.align();
  const sum = adler32(data);
  out.bytes(sum >>> 24, (sum >>> 16) & 255, (sum >>> 8) & 255, sum & 255);
  return out.done();
}

function distanceCode(distance: number): number {
  let code = 0;
  while (code < 29 && DISTANCE_BASE[code + 1]! <= distance) code++;
  return code;
}

/** Stores the two codes' lengths, run-length coded with a third Huffman code (RFC 1951, 3.2.7). */
function writeCodeLengths(out: BitWriter, literalLengths: Uint8Array, distanceLengths: Uint8Array) {
  let literalCount = 286;
  while (literalCount > 257 && literalLengths[literalCount - 1] === 0) literalCount--;
  let distanceCount = 30;
  while (distanceCount > 1 && distanceLengths[distanceCount - 1] === 0) distanceCount--;
  const total = literalCount + distanceCount;
  const lengths = new Uint8Array(total);
  lengths.set(literalLengths.subarray(0, literalCount));
  lengths.set(distanceLengths.subarray(0, distanceCount), literalCount);
  // Symbols 0–15 are a length; 16 repeats the previous one 3–6 times, 17 and 18 give 3–10 and 11–138 zeros. There
  // are never more symbols than lengths.
  const symbols = new Uint8Array(total);
  const extras = new Uint8Array(total);
  let count = 0;
  const emit = (symbol: number, extra: number) => {
    symbols[count] = symbol;
    extras[count++] = extra;
  };
  for (let i = 0; i < total; ) {
    const value = lengths[i]!;
    let run = 1;
    while (i + run < total && lengths[i + run] === value) run++;
    i += run;
    if (value === 0) {
      while (run >= 11) {
        const take = Math.min(138, run);
        emit(18, take - 11);
        run -= take;
      }
      if (run >= 3) {
        emit(17, run - 3);
        run = 0;
      }
    } else {
      emit(value, 0);
      run--;
      while (run >= 3) {
        const take = Math.min(6, run);
        emit(16, take - 3);
        run -= take;
      }
    }
    for (; run > 0; run--) emit(value, 0);
  }
  const counts = new Uint32Array(19);
  for (let i = 0; i < count; i++) counts[symbols[i]!]!++;
  const lengthLengths = codeLengths(counts, 7);
  const lengthCodes = canonicalCodes(lengthLengths);
  let stored = 19;
  while (stored > 4 && lengthLengths[CODE_LENGTH_ORDER[stored - 1]!] === 0) stored--;
  out.bits(literalCount - 257, 5);
  out.bits(distanceCount - 1, 5);
  out.bits(stored - 4, 4);
  for (let i = 0; i < stored; i++) out.bits(lengthLengths[CODE_LENGTH_ORDER[i]!]!, 3);
  for (let i = 0; i < count; i++) {
    const symbol = symbols[i]!;
    out.bits(lengthCodes[symbol]!, lengthLengths[symbol]!);
    if (symbol >= 16) out.bits(extras[i]!, symbol === 16 ? 2 : symbol === 17 ? 3 : 7);
  }
}

/**
 * Huffman code lengths for symbol counts, none longer than `limit`: when the optimal code is too deep, the counts are
 * flattened (halved, rounding up) until it is not. A lone used symbol gets a second one beside it, as inflaters want a
 * complete code.
 */
function codeLengths(counts: Uint32Array, limit: number): Uint8Array {
  const weights = Float64Array.from(counts);
  let used = 0;
  let only = 0;
  for (let symbol = 0; symbol < weights.length; symbol++) {
    if (weights[symbol]! > 0) {
      used++;
      only = symbol;
    }
  }
  if (used === 1) weights[only === 0 ? 1 : 0] = 1;
  for (;;) {
    const lengths = huffmanLengths(weights);
    if (Math.max(...lengths) <= limit) return lengths;
    for (let symbol = 0; symbol < weights.length; symbol++) weights[symbol] = Math.ceil(weights[symbol]! / 2);
  }
}

/** Optimal (unlimited) Huffman code lengths, for two or more symbols of weight above 0 (the others get none). */
function huffmanLengths(weights: Float64Array): Uint8Array {
  // The used symbols from light to heavy, each sorted as one number: its weight, then the symbol (below 1024).
  const keys = new Float64Array(weights.length);
  let n = 0;
  for (let symbol = 0; symbol < weights.length; symbol++) {
    if (weights[symbol]! > 0) keys[n++] = weights[symbol]! * 1024 + symbol;
  }
  const leaves = keys.subarray(0, n).sort();
  // Nodes 0 … n − 1 are the leaves from light to heavy, then the merged nodes, which come out light to heavy too:
  // the lightest two of both queues are merged until one node, the root (2n − 2), is left.
  const weight = new Float64Array(2 * n);
  const parent = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) weight[i] = Math.floor(leaves[i]! / 1024);
  let leaf = 0;
  let inner = n;
  let made = n;
  const lightest = () => (leaf < n && (inner === made || weight[leaf]! <= weight[inner]!) ? leaf++ : inner++);
  for (; made < 2 * n - 1; made++) {
    const a = lightest();
    const b = lightest();
    weight[made] = weight[a]! + weight[b]!;
    parent[a] = made;
    parent[b] = made;
  }
  // A parent always comes after its children, so depths fill in from the root down.
  const depth = new Int32Array(2 * n);
  for (let i = 2 * n - 3; i >= 0; i--) depth[i] = depth[parent[i]!]! + 1;
  const lengths = new Uint8Array(weights.length);
  for (let i = 0; i < n; i++) lengths[leaves[i]! % 1024] = depth[i]!;
  return lengths;
}

/** Canonical codes for the lengths (RFC 1951, 3.2.2), bit-reversed, as deflate writes codes from their first bit. */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const perLength = new Uint16Array(16);
  for (const length of lengths) if (length) perLength[length]!++;
  const next = new Uint16Array(16);
  for (let length = 1, code = 0; length < 16; length++) {
    code = (code + perLength[length - 1]!) << 1;
    next[length] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const length = lengths[symbol]!;
    if (!length) continue;
    let code = next[length]!++;
    let reversed = 0;
    for (let bit = 0; bit < length; bit++) {
      reversed = (reversed << 1) | (code & 1);
      code >>= 1;
    }
    codes[symbol] = reversed;
  }
  return codes;
}

function adler32(data: Uint8Array): number {
  const sums = Float64Array.of(1, 0);
  // 5552 bytes is the most that can be summed before b may pass 2^32 (zlib's NMAX).
  for (let i = 0; i < data.length; i += 5552) {
    addToSums(data, i, Math.min(data.length, i + 5552), sums);
    sums[0] = sums[0]! % 65521;
    sums[1] = sums[1]! % 65521;
  }
  return ((sums[1]! << 16) | sums[0]!) >>> 0;
}

/**
 * Adds bytes `from` to `to` to adler32's two sums. The sums are stored as they go, leaving nothing after the loop: V8
 * compiles a hot loop on its own while it runs, and code after it that had never run (the sums' modulo) was thrown
 * away picture after picture on a fresh thread (measured: 76 times in one cold read).
 */
function addToSums(data: Uint8Array, from: number, to: number, sums: Float64Array) {
  let a = sums[0]!;
  let b = sums[1]!;
  for (let i = from; i < to; i++) {
    a += data[i]!;
    b += a;
    sums[0] = a;
    sums[1] = b;
  }
}

/** Bits written from each byte's lowest bit up, as deflate stores them. */
class BitWriter {
  private buffer: Uint8Array;
  private at = 0;
  private pending = 0;
  private pendingBits = 0;

  constructor(capacity: number) {
    this.buffer = new Uint8Array(capacity);
  }

  bits(value: number, count: number) {
    this.pending |= value << this.pendingBits;
    this.pendingBits += count;
    while (this.pendingBits >= 8) {
      this.byte(this.pending & 255);
      this.pending >>>= 8;
      this.pendingBits -= 8;
    }
  }

  bytes(...values: number[]) {
    for (const value of values) this.byte(value);
  }

  align() {
    if (this.pendingBits > 0) this.byte(this.pending & 255);
    this.pending = 0;
    this.pendingBits = 0;
  }

  done(): Uint8Array {
    return this.buffer.slice(0, this.at);
  }

  private byte(value: number) {
    if (this.at === this.buffer.length) {
      const grown = new Uint8Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.at++] = value;
  }
}
