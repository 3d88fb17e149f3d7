// A thread that reads boxes of pages alongside the thread that reads them (see createBoxHelpers).
import { parentPort } from "node:worker_threads";
import { BoxShare } from "../scan/read-boxes.ts";
import type { HelperAnswer, HelperQuestion } from "./box-helpers.ts";
import { initEngineForNode } from "./init-engine-node.ts";

const port = parentPort!;
const ready = initEngineForNode();
/** Each page's share of boxes, from its first reading to its finish. */
const shares = new Map<number, BoxShare>();

port.on("message", async (question: HelperQuestion) => {
  const { key, id } = question;
  try {
    await ready;
    if (question.type === "first") {
      const share = new BoxShare(question.page);
      shares.set(id, share);
      const readings = await share.readFirst(question.slot);
      answer({ key, type: "first", readings: [...readings] });
      return;
    }
    const share = shares.get(id);
    shares.delete(id);
    const boxes = share ? await share.finish(new Map(question.reread), question.pictures) : new Map();
    // The pictures' bytes move to the reading thread instead of being copied.
    const transfer = [...boxes.values()].flatMap((box) => (box.picture ? [box.picture.png.buffer as ArrayBuffer] : []));
    answer({ key, type: "finished", boxes: [...boxes] }, transfer);
  } catch (error) {
    shares.delete(id);
    answer({ key, type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
});

function answer(message: HelperAnswer, transfer: ArrayBuffer[] = []) {
  port.postMessage(message, transfer);
}
