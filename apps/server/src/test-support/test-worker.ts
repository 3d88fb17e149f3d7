import { serveTasks } from "../ports/worker-host.ts";

// Tasks for the worker pool's own tests: CPU-bound work, questions to the main thread, failures and crashes.
serveTasks({
  async spin(payload: { ms: number }, context) {
    const end = Date.now() + payload.ms;
    let steps = 0;
    while (Date.now() < end) {
      steps++;
      if (steps % 100_000 === 0) context.progress(Math.min(1, 1 - (end - Date.now()) / payload.ms));
    }
    return { value: { steps } };
  },
  async ask(payload: { question: string }, context) {
    return { value: await context.ask(payload.question) };
  },
  async fail() {
    throw Object.assign(new Error("That page has no markers."), { code: "PAGE_DAMAGED", details: { found: 2 } });
  },
  async crash() {
    process.exit(3);
  },
  async double(payload: { bytes: ArrayBuffer }) {
    const out = new Uint8Array(payload.bytes).map((byte) => byte * 2);
    return { value: out.buffer, transfer: [out.buffer] };
  },
});
