/** A growable big-endian byte buffer for writing font tables. */
export class ByteWriter {
  private buffer: Uint8Array;
  private view: DataView;
  length = 0;

  constructor(capacity = 64) {
    this.buffer = new Uint8Array(capacity);
    this.view = new DataView(this.buffer.buffer);
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  u8(value: number): this {
    this.reserve(1);
    this.buffer[this.length++] = value & 0xff;
    return this;
  }

  u16(value: number): this {
    this.reserve(2);
    this.view.setUint16(this.length, value & 0xffff);
    this.length += 2;
    return this;
  }

  i16(value: number): this {
    this.reserve(2);
    this.view.setInt16(this.length, value);
    this.length += 2;
    return this;
  }

  u32(value: number): this {
    this.reserve(4);
    this.view.setUint32(this.length, value >>> 0);
    this.length += 4;
    return this;
  }

  i32(value: number): this {
    this.reserve(4);
    this.view.setInt32(this.length, value);
    this.length += 4;
    return this;
  }

  /** A 16.16 fixed-point number. */
  fixed(value: number): this {
    return this.i32(Math.round(value * 65536));
  }

  /** A LONGDATETIME: seconds since 1904-01-01 as a signed 64-bit integer. */
  dateTime(seconds: number): this {
    return this.u32(Math.floor(seconds / 2 ** 32)).u32(seconds % 2 ** 32);
  }

  tag(tag: string): this {
    for (let i = 0; i < 4; i++) this.u8(tag.charCodeAt(i));
    return this;
  }

  bytes(data: ArrayLike<number>): this {
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
    return this;
  }

  /** Pads with zeros to a multiple of `alignment`. */
  pad(alignment: number): this {
    while (this.length % alignment !== 0) this.u8(0);
    return this;
  }

  setU16(offset: number, value: number): void {
    this.view.setUint16(offset, value & 0xffff);
  }

  setU32(offset: number, value: number): void {
    this.view.setUint32(offset, value >>> 0);
  }

  /** The bytes written so far, without copying (valid until the next write). */
  written(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  toBytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** Seconds between 1904-01-01 (the OpenType epoch) and 1970-01-01. */
export const OPENTYPE_EPOCH_OFFSET = 2082844800;
