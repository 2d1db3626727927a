/**
 * The author's own order: a tagged PDF's structure tree, flattened into its marked-content leaves in tree order,
 * each with the chain of structure elements above it (the model is lib/layout/tag-tree.ts).
 */
import type { TagElement, TagLeaf } from '../layout/tag-tree.js';

export { ancestor, blockOf, type TagElement, type TagLeaf } from '../layout/tag-tree.js';

interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/** Deepest structure nesting followed (a cycle or a pathological tree stops here). */
export const MAX_TAG_DEPTH = 64;

/** Leaves of a pdf.js structure tree (`page.getStructTree()`), in reading order. */
export function tagLeaves(tree: unknown): TagLeaf[] {
  const leaves: TagLeaf[] = [];
  let key = 0;
  const walk = (node: StructNode, path: TagElement[]) => {
    if (path.length > MAX_TAG_DEPTH) return;
    if (node.type === 'content' && node.id) {
      leaves.push({ mcid: node.id, path });
      return;
    }
    const here = node.role ? [...path, { role: node.role, key: key++ }] : path;
    for (const child of node.children ?? []) walk(child, here);
  };
  if (tree && typeof tree === 'object') walk(tree as StructNode, []);
  return leaves;
}
