/** Label bookkeeping for fixture outputs: which labels belong to the main flow, and order checks on label lists. */
import { labelsIn, type Fixture } from '../../fixtures/index.js';

/**
 * Labels allowed anywhere or nowhere in the text for now: furniture (running heads, folios, footnotes: lifting
 * them out of the flow is being built separately, so their position is not checked yet) and floating text.
 */
export function unorderedLabels(f: Fixture): Set<string> {
  return new Set([...(f.furniture?.headers ?? []), ...(f.furniture?.footers ?? []), ...(f.furniture?.footnotes ?? []), ...(f.floating ?? [])]);
}

/** The labels of a text in textual order, without the ones whose position is not checked. */
export function flowLabelsOf(f: Fixture, text: string): string[] {
  const skip = unorderedLabels(f);
  return labelsIn(text).filter((l) => !skip.has(l));
}

/** Only the fixture's own flow labels, in the order given (for naive orders computed from raw runs). */
export function onlyFlow(f: Fixture, labels: string[]): string[] {
  const flow = new Set(f.flow);
  return labels.filter((l) => flow.has(l));
}

/** Index at which `part` occurs as a consecutive run inside `list`, or -1. */
export function indexOfRun(list: readonly string[], part: readonly string[]): number {
  if (part.length === 0) return -1;
  outer: for (let i = 0; i + part.length <= list.length; i++) {
    for (let j = 0; j < part.length; j++) if (list[i + j] !== part[j]) continue outer;
    return i;
  }
  return -1;
}

/** How many times each label occurs in `labels`, for the given ones. */
export function occurrences(labels: readonly string[], of: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>(of.map((l) => [l, 0]));
  for (const l of labels) if (counts.has(l)) counts.set(l, counts.get(l)! + 1);
  return counts;
}

/** Labels not seen exactly once, as `label×count`: [] when every label came out once. */
export function notExactlyOnce(labels: readonly string[], of: readonly string[]): string[] {
  return [...occurrences(labels, of)].filter(([, n]) => n !== 1).map(([l, n]) => `${l}×${n}`);
}
