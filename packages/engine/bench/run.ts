// `npm run bench` in packages/engine: every engine benchmark in turn (fonts here; the scan benchmark joins on merge).
import { runFontBench } from "./font-bench.ts";

const font = await runFontBench();
process.stdout.write(`${JSON.stringify({ bench: "font", ...font })}\n`);
