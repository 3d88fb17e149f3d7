// The other side of upload-flood.ts: sends BENCH_REQUESTS multipart uploads at once, each of BENCH_FILES files of
// BENCH_FILE_MB megabytes, made as they are sent (this process never holds a file whole). Reports to the parent.
import { request } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const origin = new URL(process.env.BENCH_ORIGIN!);
const requests = Number(process.env.BENCH_REQUESTS);
const files = Number(process.env.BENCH_FILES);
const fileBytes = Number(process.env.BENCH_FILE_MB) * 1024 * 1024;

// A JPEG's first bytes, then noise: the server takes the file by its type and fails to read it later, quickly.
const noise = Buffer.alloc(256 * 1024);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2_654_435_761) >>> 24;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

function* multipartBody(boundary: string) {
  for (let f = 0; f < files; f++) {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="page-${f}.jpg"\r\n` +
        "Content-Type: image/jpeg\r\n\r\n",
    );
    for (let sent = 0; sent < fileBytes; sent += noise.length) {
      const chunk = noise.subarray(0, Math.min(noise.length, fileBytes - sent));
      yield sent === 0 ? Buffer.concat([JPEG, chunk.subarray(JPEG.length)]) : chunk;
    }
    yield Buffer.from("\r\n");
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

async function upload(index: number) {
  const boundary = `----bench${index}${Date.now()}`;
  const started = performance.now();
  const req = request({
    host: origin.hostname,
    port: origin.port,
    method: "POST",
    path: "/api/uploadReadyTemplates",
    headers: {
      authorization: `Bearer ${process.env.BENCH_TOKEN}`,
      cookie: process.env.BENCH_COOKIES!,
      "x-xsrf-token": process.env.BENCH_XSRF!,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
  await pipeline(Readable.from(multipartBody(boundary)), req);
  const { status, body } = await answered;
  return {
    status,
    ms: Math.round(performance.now() - started),
    scans: status === 202 ? JSON.parse(body).scans.length : 0,
  };
}

const results = await Promise.all(Array.from({ length: requests }, (_, index) => upload(index)));
process.send!(results);
