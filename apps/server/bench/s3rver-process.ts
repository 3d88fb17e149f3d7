// s3rver in a process of its own for upload-flood.ts, so its memory is not counted as the server's.
import { startTestS3 } from "../src/test-support/s3-server.ts";

const s3 = await startTestS3("handfont-bench");
process.send!(s3.settings);
process.on("SIGTERM", () => void s3.close().then(() => process.exit(0)));
