import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/index.js';
import { SAMPLES } from '../scripts/samples.js';

describe('the sample PDFs shipped in fixtures/samples', () => {
  it.each(Object.entries(SAMPLES))('%s is the current output of fixture %s (npm run samples)', (file, name) => {
    const shipped = new Uint8Array(readFileSync(new URL(`../fixtures/samples/${file}`, import.meta.url)));
    expect(Buffer.from(shipped).equals(Buffer.from(fixture(name).pdf))).toBe(true);
  });
});
