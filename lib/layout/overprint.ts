/**
 * Text drawn twice over itself: a fake bold (the same string drawn again a fraction of a point to the side), a
 * shadow or an outline drawn under the text. On the page it reads once; taken run by run it reads twice ("TOPS
 * Monthly News & UpdatesTOPS Monthly News & Updates"). A run is a copy of one drawn before it when it holds the
 * same text at the same size, shifted by less than a small share of that size across and down. Copies are left out
 * of the layout and listed in a diagnostic, so the result still holds every character of the text layer.
 */
import type { Diagnostic, Run } from '../types.js';

/** A copy stands at most this share of its size away from the run it copies, across and down. */
const MAX_SHIFT = 0.25;
/** ...and is set at the same size, within this share. */
const SIZE_TOLERANCE = 0.05;
/** Only runs that hold a letter or a digit are looked at (rules, leaders and bullets drawn twice change nothing). */
const WORDLIKE = /[\p{L}\p{N}]/u;

export interface Overprint {
  runs: Run[];
  copies: Run[];
}

function isCopy(r: Run, of: Run): boolean {
  const shift = MAX_SHIFT * of.size;
  return (
    Math.abs(r.size - of.size) <= SIZE_TOLERANCE * of.size &&
    Math.abs(r.x0 - of.x0) <= shift &&
    Math.abs(r.baseline - of.baseline) <= shift &&
    r.angle === of.angle
  );
}

/** The page's runs without the copies drawn over runs drawn before them, and the copies. */
export function dropOverprints(runs: Run[]): Overprint {
  const seen = new Map<string, Run[]>();
  const copies: Run[] = [];
  for (const r of [...runs].sort((a, b) => a.stream - b.stream)) {
    const text = r.text.trim();
    if (!WORDLIKE.test(text)) continue;
    const same = seen.get(text);
    if (same?.some((o) => isCopy(r, o))) {
      copies.push(r);
      continue;
    }
    if (same) same.push(r);
    else seen.set(text, [r]);
  }
  if (!copies.length) return { runs, copies };
  const drop = new Set(copies);
  return { runs: runs.filter((r) => !drop.has(r)), copies };
}

/** The diagnostic that lists the copies left out (their text, so nothing of the text layer is lost from the result). */
export function overprintDiagnostic(page: number, copies: Run[]): Diagnostic {
  return {
    code: 'overprinted-text',
    severity: 'info',
    page,
    message: `${copies.length} run(s) of text drawn again over the same text (a fake bold or a shadow) were read once`,
    detail: { copies: copies.map((r) => r.text) },
  };
}
