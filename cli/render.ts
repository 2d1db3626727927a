/** The renditions the CLI can print: the one list in lib/render/formats.ts. */
export { extensionOf, FORMATS, type Format, type RenderOptions, render } from '../lib/render/formats.js';
