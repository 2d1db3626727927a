/**
 * The TypeScript reading-order scorer (scripts/eval/score.ts) against numbers from the Python original
 * (../shared/eval/score.py, python3.11): normalisation, Python's random.sample, the bit-parallel edit distances, and
 * whole-document scores on two small truth folders written to a temp dir. Needs neither Python nor ../shared.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PyRandom, levenshtein, normalizeText, pyRound, scoreDoc, searchDist, tokens } from '../scripts/eval/score.js';

// fixture:start
/** A two-page document: furniture, a table, a figure, a ligature, diacritics, hyphenation, RTL and CJK text. */
function smallDoc(): { truth: string; furniture: object; output: string } {
  const truth = [
    '<!-- page 1 -->',
    '# The Inﬂuence of Reading Order on Extraction',
    '',
    'Müller and Færber studied how people read two-column pages in 2019. Their results were surprising to many.',
    '',
    'A second paragraph explains the method: every sentence is located in the output with a fuzzy search over squashed text.',
    '',
    '<!-- table -->',
    'Cell one',
    '',
    '<!-- figure -->',
    'Axis label',
    '',
    '<!-- page 2 -->',
    'The third paragraph is long enough to be cut into chunks because it keeps going and going without any full stop at all so that the scorer must split it into pieces of at most twenty four tokens each which it does evenly.',
    '',
    'שָׁלוֹם עֲלֵיכֶם this Hebrew greeting sits beside 中文字 characters in one block.',
    '',
    'Short one. Tiny. Another short sentence follows here with enough words.',
    '',
  ].join('\n');
  const furniture = {
    running_heads: [
      { page: 1, text: 'Journal of Reading Studies' },
      { page: 2, text: 'Journal of Reading Studies' },
    ],
    folios: [
      { page: 1, text: '1' },
      { page: 2, text: '2' },
    ],
    footnotes: [{ page: 1, text: '1 A footnote that explains where the data came from and why.' }],
  };
  const output = [
    'Journal of Reading Studies',
    'The Influence of Reading Order on Extraction',
    'Muller and Faerber studied how people read two-col-',
    'umn pages in 2019. Their results were surprising to many.',
    '1 A footnote that explains where the data came from and why.',
    'A second paragraph explains the method: every sentence is located in the output with a fuzzy serch over squashed text.',
    '1',
    'Short one. Tiny. Another short sentence follows here with enough words.',
    'The third paragraph is long enough to be cut into chunks because it keeps going and going without any full stop at all',
    'Journal of Reading Studies',
    'so that the scorer must split it into pieces of at most twenty four tokens each which it does evenly.',
    'שלום עליכם this Hebrew greeting sits beside 中文字 characters in one block.',
    '2',
  ].join('\n');
  return { truth, furniture, output };
}

/** One page of 90 numbered sentences (over 2000 same-page pairs, so pairs are sampled), output in a scrambled order. */
function sampledDoc(): { truth: string; furniture: object; output: string } {
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  const sentence = (i: number) => `Sentence ${i} speaks of ${words[i % 10]} and ${words[Math.floor(i / 10) % 10]} with code q${i * 7919}x.`;
  const n = 90;
  const truth = '<!-- page 1 -->\n' + Array.from({ length: n }, (_, i) => sentence(i)).join('\n\n') + '\n';
  const order = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? (i * 37) % n : i));
  const output = order.map(sentence).join('\n');
  return { truth, furniture: { running_heads: [], folios: [], footnotes: [] }, output };
}
// fixture:end

const tmp = mkdtempSync(join(tmpdir(), 'eval-score-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function writeTruth(name: string, doc: { truth: string; furniture: object }): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'truth.md'), doc.truth);
  writeFileSync(join(dir, 'furniture.json'), JSON.stringify(doc.furniture));
  return dir;
}

describe('normalisation (as score.py normalize_text / tokens)', () => {
  it('applies NFKC, the quote and dash table, hyphen joins, diacritics, lower case', () => {
    // expected strings from python3.11: score.normalize_text(...)
    expect(normalizeText('Inﬂuence “quoted” — F¨arber Färber ﬁ\u00ad x')).toBe('influence "quoted" - f arber farber fi x');
    expect(normalizeText('two-col-\n  umn\r\nİstanbul ΟΔΟΣ')).toBe('two-column\nistanbul οδος');
    expect(tokens('Two-col-\numn  pages, naïve café_au_lait ①²')).toEqual(['two', 'column', 'pages', 'naive', 'cafe_au_lait', '12']);
  });

  it("splits words where Python's \\w does (marks are not word characters; virama has a combining class)", () => {
    // from python3.11: score.tokens(...)
    expect(tokens('שָׁלוֹם عَرَبِيّ हिन्दी 中文字')).toEqual(['שלום', 'عربي', 'ह', 'नद', '中文字']);
    expect(tokens('\u05e9\u05c1\u05b8 x')).toEqual(['ש', 'x']);
  });

  it('rounds half to even like Python', () => {
    expect([0.5, 1.5, 2.5, 4.5, 2.6, 2.4].map(pyRound)).toEqual([0, 2, 2, 4, 3, 2]);
  });
});

describe("Python's random (Mersenne Twister, random.sample)", () => {
  it('gives the same samples as CPython 3.11', () => {
    // python3.11: random.Random(20240601).sample(range(100), 5)
    expect(
      new PyRandom(20240601).sample(
        Array.from({ length: 100 }, (_, i) => i),
        5,
      ),
    ).toEqual([15, 58, 53, 60, 33]);
    // python3.11: random.Random(20240602).sample(range(100000), 5)  (the set-based branch)
    expect(
      new PyRandom(20240602).sample(
        Array.from({ length: 100000 }, (_, i) => i),
        5,
      ),
    ).toEqual([35451, 81964, 79871, 36646, 83699]);
    // python3.11: r = random.Random(0); [r.getrandbits(32) for _ in range(3)], r.getrandbits(40)
    const r = new PyRandom(0);
    expect([r.getrandbits(32), r.getrandbits(32), r.getrandbits(32), r.getrandbits(40)]).toEqual([3626764237, 1654615998, 3255389356, 463385069186]);
  });
});

describe('bit-parallel edit distances', () => {
  it('search_dist and levenshtein agree with score.py on long patterns', () => {
    const pat = 'thequickbrownfoxjumpsoverthelazydog'.repeat(3);
    const text = 'xx' + pat.slice(0, 40) + 'zz' + pat.slice(41) + 'yy';
    // python3.11: score.search_dist(pat, text), score.levenshtein(...)
    expect(searchDist(pat, text)).toBe(2);
    expect(searchDist('abc', 'xxabxcxx')).toBe(1);
    const a = 'a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j'.split(' ');
    const b = 'a c d e f x g h i j k l m n o p r s t u v w x y z a b c d e f g h i j k'.split(' ');
    expect(levenshtein(a, b)).toBe(4);
  });
});

describe('scoreDoc (as score.py score_doc)', () => {
  it('scores a small two-page document', () => {
    const doc = smallDoc();
    const r = scoreDoc(writeTruth('small', doc), doc.output);
    // every number below comes from python3.11 ../shared/eval/score.py TRUTH OUTPUT --json on the same files
    expect(r).toEqual(EXPECTED_SMALL);
  });

  it('scores a document whose pairs are sampled', () => {
    const doc = sampledDoc();
    const r = scoreDoc(writeTruth('sampled', doc), doc.output);
    // from python3.11 ../shared/eval/score.py --json (order and order_strict depend on random.sample)
    expect(r).toEqual(EXPECTED_SAMPLED);
  });

  it('scores empty output', () => {
    const doc = smallDoc();
    const r = scoreDoc(writeTruth('empty', doc), '');
    // from python3.11 ../shared/eval/score.py --json
    expect(r).toEqual(EXPECTED_EMPTY);
  });
});

/** python3.11 ../shared/eval/score.py --json */
const EXPECTED_SMALL = {
  units: 8,
  found: 8,
  ambiguous: 0,
  truth_dups: 0,
  presence: 100.0,
  order: 75.0,
  order_pairs: 12,
  order_adj: 85.71428571428571,
  order_strict: 75.0,
  furniture_items: 5,
  leak_flow: 3,
  leak_any: 5,
  furniture_skipped: 0,
  leak_flow_pct: 60.0,
  leak_any_pct: 100.0,
  leak_by_cat: {
    running_heads: {
      items: 2,
      any: 2,
      flow: 1,
    },
    folios: {
      items: 2,
      any: 2,
      flow: 1,
    },
    footnotes: {
      items: 1,
      any: 1,
      flow: 1,
    },
  },
  ned: 0.3308270676691729,
  gt_tokens: 115,
  out_tokens: 133,
};
/** python3.11 ../shared/eval/score.py --json */
const EXPECTED_SAMPLED = {
  units: 90,
  found: 90,
  ambiguous: 0,
  truth_dups: 0,
  presence: 100.0,
  order: 81.1,
  order_pairs: 2000,
  order_adj: 73.03370786516854,
  order_strict: 80.65,
  furniture_items: 0,
  leak_flow: 0,
  leak_any: 0,
  furniture_skipped: 0,
  leak_flow_pct: null,
  leak_any_pct: null,
  leak_by_cat: {},
  ned: 0.10666666666666667,
  gt_tokens: 900,
  out_tokens: 900,
};
/** python3.11 ../shared/eval/score.py --json */
const EXPECTED_EMPTY = {
  units: 8,
  found: 0,
  ambiguous: 0,
  truth_dups: 0,
  presence: 0.0,
  order: NaN,
  order_pairs: 0,
  order_adj: NaN,
  order_strict: 0.0,
  furniture_items: 5,
  leak_flow: 0,
  leak_any: 0,
  furniture_skipped: 0,
  leak_flow_pct: 0.0,
  leak_any_pct: 0.0,
  leak_by_cat: {
    running_heads: {
      items: 2,
      any: 0,
      flow: 0,
    },
    folios: {
      items: 2,
      any: 0,
      flow: 0,
    },
    footnotes: {
      items: 1,
      any: 0,
      flow: 0,
    },
  },
  ned: 1.0,
  gt_tokens: 115,
  out_tokens: 0,
};
