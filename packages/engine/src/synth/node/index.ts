// @handfont/engine/synth/node: the synthetic generator's Node helpers (fonts from node_modules, JPEG files).

export { encodeCaptureJpeg } from "./encode-capture.ts";
export { HANDWRITING_FONTS, type HandwritingFontName, loadHandwritingFont } from "./load-handwriting-fonts.ts";
