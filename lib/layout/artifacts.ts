/**
 * Content a tagged file marks as /Artifact is kept out of the flow: running heads, page numbers, decoration. A file's
 * tags are sometimes wrong about it: a closing box of prose in the middle of the page ("The National Cybersecurity
 * Center of Excellence (NCCoE), a part of …", a page's own paragraph) marked as an artifact is lost to the reader if
 * it is believed. Artifact lines that make a block of running prose in the body of the page, away from its head and
 * foot bands, are read with the page's text instead (conservative where unsure), and the page says so.
 */
import type { Run } from '../types.js';
import { buildRows, type Row } from './rows.js';

/** The page's head and foot bands, as shares of its height: artifacts there are taken at their word. */
const EDGE_SHARE = 0.12;
/** A block of artifact prose holds at least this many lines (its last may be short)... */
const MIN_LINES = 2;
/** ...of this many words each at least (a line of decoration, a logo's name or a stamp holds fewer)... */
const MIN_WORDS = 5;
/** ...one after the other at most this many of their sizes apart. */
const MAX_ADVANCE = 1.8;

const words = (row: Row) =>
  row.runs
    .map((r) => r.text)
    .join(' ')
    .split(/\s+/u)
    .filter((w) => /\p{L}{2}/u.test(w)).length;

/** The artifact runs of a page that are body prose, read with the text. */
export function bodyArtifacts(artifacts: Run[], height: number): Set<Run> {
  const out = new Set<Run>();
  const rows = buildRows(artifacts).filter((r) => r.top >= EDGE_SHARE * height && r.bottom <= (1 - EDGE_SHARE) * height);
  let block: Row[] = [];
  // Lines of prose in the block (its short last line is not one).
  let prose = 0;
  const flush = () => {
    // The block's words, not a margin's line numbers or marks sharing its rows.
    if (prose >= MIN_LINES) for (const r of block) for (const q of r.runs) if (/\p{L}/u.test(q.text)) out.add(q);
    block = [];
    prose = 0;
  };
  for (const row of rows) {
    const last = block[block.length - 1];
    const n = words(row);
    // A paragraph's short last line goes on with it; a line of prose starts a block.
    if (!(last && n > 0 && row.baseline - last.baseline <= MAX_ADVANCE * Math.max(row.size, last.size))) flush();
    if (block.length || n >= MIN_WORDS) {
      block.push(row);
      if (n >= MIN_WORDS) prose++;
    }
  }
  flush();
  return out;
}
