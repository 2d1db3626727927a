/**
 * The author's own order: a tagged PDF's structure tree, flattened into its marked-content leaves in tree order,
 * each with the chain of structure elements above it.
 */

export interface TagElement {
  role: string;
  /** Unique per element within the page's tree. */
  key: number;
}

export interface TagLeaf {
  mcid: string;
  /** Ancestors, root first. */
  path: TagElement[];
}

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

/** Roles that sit inside a line of text rather than making a block of their own. */
const INLINE = new Set([
  'Span', 'Link', 'Em', 'Strong', 'Quote', 'Code', 'Reference', 'Annot', 'Lbl', 'LBody', 'Sub', 'Ruby', 'RB', 'RT', 'RP',
  'Warichu', 'WT', 'WP', 'BibEntry', 'Form', 'NonStruct', 'Private', 'Artifact',
]);

/** The block a leaf belongs to: its deepest ancestor that is not an inline role. */
export function blockOf(leaf: TagLeaf): TagElement | null {
  for (let i = leaf.path.length - 1; i >= 0; i--) if (!INLINE.has(leaf.path[i].role)) return leaf.path[i];
  return leaf.path[leaf.path.length - 1] ?? null;
}

export function ancestor(leaf: TagLeaf, roles: string[]): TagElement | null {
  for (let i = leaf.path.length - 1; i >= 0; i--) if (roles.includes(leaf.path[i].role)) return leaf.path[i];
  return null;
}
