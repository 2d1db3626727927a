/**
 * A user's clone has no `/work`, `/home/<someone>` or `/root`: no tracked text file may name a path on the machine it
 * was written on (a corpus note citing the shared scorer by its absolute path, not as ../shared/eval/score.py).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCAL = /(^|[\s"'`(=:])\/(work|home\/[\w.-]+|root|Users\/[\w.-]+)\//;
const TEXT = /\.(ts|mts|mjs|js|json|md|txt|yml|yaml|sh|html|css)$|(^|\/)run$/;
/** A corpus document's truth quotes the PDF's own words (an Erlang manual's example naming a home directory): not this machine's. */
const DOCUMENT_WORDS = /^corpus\/[^/]+\/(truth\.md|furniture\.json)$/;

describe('tracked files', () => {
  it('name no machine-local absolute path', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => TEXT.test(f) && !DOCUMENT_WORDS.test(f));
    const hits: string[] = [];
    for (const f of files) {
      let text: string;
      try {
        text = readFileSync(join(root, f), 'utf8');
      } catch {
        continue; // listed but deleted in the work tree
      }
      text.split('\n').forEach((line, i) => {
        if (LOCAL.test(line)) hits.push(`${f}:${i + 1}`);
      });
    }
    expect(hits).toEqual([]);
  });
});
