import type { LayoutCell } from "../template/layout-types.ts";
import { type CellPicture, cellPicture } from "./cell-picture.ts";
import type { Surroundings } from "./follow-ink.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { type CellReading, type PageReading, type PreparedRegions, readCell } from "./read-cell.ts";
import { recycleSharedPixels, sharedPixels } from "./shared-pixels.ts";

/**
 * What every thread reading a page's boxes works from. Plain data, so it can be posted to a helper thread; the
 * picture's pixels and the counters lie in shared memory when helpers read (see readBoxes).
 */
export type PageBoxes = {
  /** The picture boxes are cut from, and each box's own map onto it. */
  source: GreyImage;
  boxH: readonly Homography[];
  cells: readonly LayoutCell[];
  surroundings: Surroundings;
  workPxPerMm: number;
  /** How each box is read at first: the page's levels with the blur where the box lies. */
  levels: readonly PageReading[];
  /**
   * [the next box to take, boxes read, then per helper whether it has begun taking boxes]: every thread takes its next
   * box from here, so none waits for another's.
   */
  counters: Int32Array;
};

/** A box as read for good: its reading and, when written and asked for, its picture. */
export type FinalBox = { reading: CellReading; picture?: CellPicture };

/**
 * Another thread that reads boxes of a page alongside this one (in Node a worker thread, see createBoxHelpers). `id`
 * names the page between the two calls; a helper keeps the regions its boxes prepared until `finish`. A helper that
 * fails rejects; the boxes it took are then read here.
 */
export type BoxHelper = {
  /**
   * Reads boxes of the page, taking them from its counters until none are left (`slot`: which helper it is there);
   * the readings by box index.
   */
  readFirst(id: number, page: PageBoxes, slot: number): Promise<Map<number, CellReading>>;
  /**
   * Reads again the boxes of its share named in `reread` with the levels given there, draws the pictures of its
   * written boxes when `pictures`, and forgets the page.
   */
  finish(id: number, reread: ReadonlyMap<number, PageReading>, pictures: boolean): Promise<Map<number, FinalBox>>;
};

/** One thread's share of a page's boxes: the boxes it read and what their reading prepared for a second one. */
export class BoxShare {
  private readonly readings = new Map<number, CellReading>();
  private readonly prepared = new Map<number, PreparedRegions>();

  private readonly page: PageBoxes;

  constructor(page: PageBoxes) {
    this.page = page;
  }

  /**
   * Reads boxes handed out by the page's counters until none are left; `onRead` after each with the boxes read.
   * A helper (`slot`) marks that it has begun before it takes its first box: a helper this thread finds unmarked once
   * every box is taken will take none (see readBoxes).
   */
  async readFirst(slot?: number, onRead?: (read: number) => void): Promise<Map<number, CellReading>> {
    const { counters, cells } = this.page;
    if (slot !== undefined) Atomics.store(counters, 2 + slot, 1);
    for (let index = Atomics.add(counters, 0, 1); index < cells.length; index = Atomics.add(counters, 0, 1)) {
      await this.adopt(index);
      onRead?.(Atomics.add(counters, 1, 1) + 1);
    }
    return new Map(this.readings);
  }

  /** Reads box `index` as at first and makes it part of this share (a box another thread failed to read). */
  async adopt(index: number): Promise<CellReading> {
    const prepared: PreparedRegions = new Map();
    const reading = await this.read(index, this.page.levels[index]!, prepared);
    this.readings.set(index, reading);
    // Only a box whose faint strokes were measured may be read again (see readBoxes).
    if (reading.bandWidth !== undefined) this.prepared.set(index, prepared);
    return reading;
  }

  /** See BoxHelper.finish; boxes of `reread` outside this share are left to their own. */
  async finish(reread: ReadonlyMap<number, PageReading>, pictures: boolean): Promise<Map<number, FinalBox>> {
    const boxes = new Map<number, FinalBox>();
    for (const [index, first] of this.readings) {
      const levels = reread.get(index);
      const reading = levels ? await this.read(index, levels, this.prepared.get(index) ?? new Map()) : first;
      this.prepared.delete(index);
      const written = pictures && !reading.cell.empty;
      boxes.set(index, written ? { reading, picture: this.picture(index) } : { reading });
    }
    this.readings.clear();
    return boxes;
  }

  private read(index: number, levels: PageReading, prepared: PreparedRegions) {
    const { source, boxH, cells, workPxPerMm, surroundings } = this.page;
    return readCell(source, boxH[index]!, cells[index]!, workPxPerMm, surroundings, levels, prepared);
  }

  private picture(index: number) {
    return cellPicture(this.page.source, this.page.boxH[index]!, this.page.cells[index]!);
  }
}

/** Pages read with helpers, numbered for the helpers' sake. */
let nextPage = 1;

/**
 * Reads every box of a page, on this thread and on `helpers` alongside it, each taking the next box as it is free.
 * `decide` sees every first reading (in box order) and names the boxes the page's view overrules with the levels to
 * read them with; those are read again by the thread that read them first, which kept what that reading prepared. A
 * helper that fails costs time, not boxes: this thread reads what it took. Readings and pictures are the same as on one
 * thread alone: each box is read from the same data by the same code.
 */
export async function readBoxes(
  page: Omit<PageBoxes, "counters">,
  helpers: readonly BoxHelper[],
  decide: (readings: readonly CellReading[]) => ReadonlyMap<number, PageReading>,
  pictures: boolean,
  onRead?: (read: number) => void,
): Promise<FinalBox[]> {
  // Helpers read the picture from memory they share: where it is not there yet, it is copied into memory that goes on
  // to the thread's next reads once this page is done.
  const { data } = page.source;
  const copy =
    helpers.length > 0 && !(data.buffer instanceof SharedArrayBuffer) ? sharedPixels(data.length) : undefined;
  try {
    return await readBoxesOn(page, copy, helpers, decide, pictures, onRead);
  } finally {
    if (copy) recycleSharedPixels(copy);
  }
}

/** readBoxes, with the picture's pixels copied into `copy` first if given. */
async function readBoxesOn(
  page: Omit<PageBoxes, "counters">,
  copy: Uint8Array | undefined,
  helpers: readonly BoxHelper[],
  decide: (readings: readonly CellReading[]) => ReadonlyMap<number, PageReading>,
  pictures: boolean,
  onRead?: (read: number) => void,
): Promise<FinalBox[]> {
  const id = nextPage++;
  const shared =
    helpers.length > 0 ? withSharedPixels(page, copy, helpers.length) : { ...page, counters: new Int32Array(2) };
  const own = new BoxShare(shared);
  const started = helpers.map((helper, slot) => helper.readFirst(id, shared, slot));
  const working: BoxHelper[] = [];
  let reread: ReadonlyMap<number, PageReading>;
  try {
    const firsts = [await own.readFirst(undefined, onRead)];
    // A helper still starting (a fresh thread loading the engine) has taken no box and will take none: not waited for.
    const begun = started.filter((first, slot) => {
      if (Atomics.load(shared.counters, 2 + slot) === 1) return true;
      release(helpers[slot]!, id, first);
      return false;
    });
    for (const [k, result] of (await Promise.allSettled(begun)).entries()) {
      if (result.status === "rejected") continue;
      firsts.push(result.value);
      working.push(helpers[started.indexOf(begun[k]!)]!);
    }
    const readings = new Map(firsts.flatMap((share) => [...share]));
    for (const index of missing(page.cells.length, firsts)) readings.set(index, await own.adopt(index));
    reread = decide(page.cells.map((_, index) => readings.get(index)!));
  } catch (error) {
    // A helper keeps the page until it is finished with it: let them go before giving up.
    for (const [slot, first] of started.entries()) release(helpers[slot]!, id, first);
    throw error;
  }
  // Settled whatever happens here, so a helper's failure is never left unhandled.
  const finishing = Promise.allSettled(working.map((helper) => helper.finish(id, reread, pictures)));
  const finals = [await own.finish(reread, pictures)];
  for (const result of await finishing) if (result.status === "fulfilled") finals.push(result.value);
  const lost = missing(page.cells.length, finals);
  for (const index of lost) await own.adopt(index);
  if (lost.length > 0) finals.push(await own.finish(reread, pictures));
  const boxes = new Map(finals.flatMap((share) => [...share]));
  return page.cells.map((_, index) => boxes.get(index)!);
}

/** Lets a helper forget a page once its first reading is over, whatever came of it. */
function release(helper: BoxHelper, id: number, first: Promise<unknown>) {
  first.then(() => helper.finish(id, new Map(), false)).catch(() => {});
}

/** The indexes below `count` that none of `shares` holds. */
function missing(count: number, shares: readonly ReadonlyMap<number, unknown>[]): number[] {
  const held = new Set(shares.flatMap((share) => [...share.keys()]));
  return Array.from({ length: count }, (_, index) => index).filter((index) => !held.has(index));
}

/**
 * The page with its picture's pixels in memory its helpers share (copied into `copy` unless readScan made them there),
 * and shared counters.
 */
function withSharedPixels(page: Omit<PageBoxes, "counters">, copy: Uint8Array | undefined, helpers: number): PageBoxes {
  const { data } = page.source;
  const pixels = copy ?? data;
  if (copy) copy.set(data);
  const counters = new Int32Array(new SharedArrayBuffer((2 + helpers) * Int32Array.BYTES_PER_ELEMENT));
  return { ...page, source: { ...page.source, data: pixels }, counters };
}
