// Entry script of the prerendered pages (src/app/after-paint.ts); the app shell's entry is src/main.tsx.
import { afterNextPaint, holdClicksUntilInteractive, loadApp } from "./app/after-paint.ts";

holdClicksUntilInteractive(document);
void afterNextPaint().then(() => loadApp(document, (url) => import(/* @vite-ignore */ url)));
