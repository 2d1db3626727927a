/**
 * A page's structure tree as the layout stage reads it: marked-content leaves in tree order, each with the chain of
 * structure elements above it. lib/pdf/tags.ts makes it from pdf.js' tree; lib/layout/tagged.ts reads by it.
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

/** Roles that sit inside a line of text rather than making a block of their own. */
const INLINE = new Set([
  'Span',
  'Link',
  'Em',
  'Strong',
  'Quote',
  'Code',
  'Reference',
  'Annot',
  'Lbl',
  'LBody',
  'Sub',
  'Ruby',
  'RB',
  'RT',
  'RP',
  'Warichu',
  'WT',
  'WP',
  'BibEntry',
  'Form',
  'NonStruct',
  'Private',
  'Artifact',
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
