/**
 * Ruby (lib/layout/ruby.ts): readings in small type over Han characters (furigana, pinyin) are read into their line,
 * each before the first character it stands over (kana glossing a Latin phrase, before its first word); a raised note
 * number, small Latin type over Latin text, a line of small type well above, and a small caption wider than what it
 * stands over are left where they are. Real pages:
 * cjk_pxrubrica_sample_ja_ruby_comparison_tables, cjk_xpinyin_manual_zh_pinyin_ruby_margin_tags,
 * cjk_luatexja_ruby_manual_ja_ruby_code_beside_output_footnotes (the census in no-text-lost.test.ts keeps every
 * character).
 */
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../lib/layout/page.js';
import { readRuby } from '../lib/layout/ruby.js';
import type { Run } from '../lib/types.js';
import { layoutParams, run } from './support/runs.js';

/** Han characters are set a full size wide. */
const han = (text: string, x: number, baseline: number, size: number, extra: Partial<Run> = {}) =>
  run(text, x, baseline, size, { x1: x + Array.from(text).length * size, ...extra });

const texts = (runs: Run[]) => layoutPage(runs, layoutParams()).segments.flatMap((s) => s.lines.map((l) => l.text));

describe('ruby', () => {
  it('reads a reading over one kanji into the line, before the kanji (mono-ruby wider than its base)', () => {
    const lead = han('例：', 100, 342, 9.2);
    const arrow = han('→', 222, 342, 9.2);
    const base = han('鶯', 383, 342, 9.2);
    const reading = han('うぐいす', 378, 334, 4.6, { x1: 396 });
    const after = han('です', 392.2, 342, 9.2);
    const { runs, readings } = readRuby([lead, arrow, reading, base, after]);
    expect(readings).toBe(1);
    expect(runs.every((r) => r.baseline === 342)).toBe(true);
    expect(texts(runs)).toEqual(['例： → うぐいす 鶯です']);
  });

  it('parts a run of hanzi where each pinyin syllable goes in', () => {
    const base = han('列位看官：', 131, 218, 10.5);
    const syllables = [
      run('liè', 134, 208, 4.2, { x1: 138 }),
      run('wèi', 143, 208, 4.2, { x1: 150 }),
      run('kàn', 153, 208, 4.2, { x1: 161 }),
      run('guān', 162, 208, 4.2, { x1: 173 }),
    ];
    const { runs, readings } = readRuby([base, ...syllables]);
    expect(readings).toBe(4);
    expect(runs.map((r) => r.text).join('')).toBe('liè 列 wèi 位 kàn 看 guān 官：');
    expect(texts(runs)).toEqual(['liè 列 wèi 位 kàn 看 guān 官：']);
  });

  it('reads a group reading before the first character of the word it spans', () => {
    const base = han('不如帰', 433, 374, 9.2);
    const reading = han('ほととぎす', 434, 365, 4.6, { x1: 461 });
    expect(texts(readRuby([base, reading]).runs)).toEqual(['ほととぎす 不如帰']);
  });

  it('places readings over a run mixing half-width figures and full-width characters ("第12回漢字テスト")', () => {
    // 第 1 2 回 漢 字 テ ス ト: full-width 10 pt, the figures 5 pt: 第 100–110, 12 110–120, 回 120–130, 漢 130–140, 字 140–150.
    const base = run('第12回漢字テスト', 100, 342, 10, { x1: 180 });
    const readings = [han('かい', 121, 333, 4.5, { x1: 129 }), han('かん', 131, 333, 4.5, { x1: 139 }), han('じ', 143, 333, 4.5, { x1: 147 })];
    const out = readRuby([base, ...readings]);
    expect(out.readings).toBe(3);
    expect(texts(out.runs)).toEqual(['第12 かい 回 かん 漢 じ 字テスト']);
  });

  it('leaves small capitals or English words over a Chinese or Japanese heading alone (no reading)', () => {
    for (const over of ['BACKGROUND', 'Master Thesis', 'introduction to the research']) {
      const heading = han('研究背景と目的', 100, 342, 20);
      const small = run(over, 100, 326, 9);
      expect(readRuby([heading, small]).readings, over).toBe(0);
    }
  });

  it('leaves a raised note number, small type over Latin text, small type far above and a wide small caption alone', () => {
    const note = run('2', 140, 336, 5);
    const base = han('漢字仮名', 100, 342, 10);
    const overLatin = [run('small gloss', 300, 334, 5), run('Latin words here', 300, 342, 10)];
    const farAbove = han('ふりがな', 100, 320, 5, { x1: 120 });
    const wide = han('これはかなり長い小さな説明文です', 60, 334, 5, { x1: 140 });
    const kanaNote = han('ここにちゅうしゃくがあります', 100, 334, 5);
    for (const runs of [
      [base, note],
      [base, ...overLatin],
      [base, farAbove],
      [base, wide],
      [han('字', 100, 342, 10), kanaNote],
    ]) {
      const out = readRuby(runs);
      expect(out.readings).toBe(0);
      expect(out.runs).toEqual(runs);
    }
  });

  it('reads kana glossing a Latin phrase syllable by syllable before the phrase’s first word (pxrubrica’s \\aruby)', () => {
    // "→ Get out!" with "ゲ ラ ウ ツ" in 4.6 pt over it, one run per syllable, each over a letter of the phrase.
    const lead = han('例：', 100, 234.75, 9.2);
    const arrow = han('→', 262.3, 234.75, 9.2);
    const base = run('Get out!', 274.8, 234.75, 10, { x1: 311.4 });
    const kana = ['ゲ', 'ラ', 'ウ', 'ツ'].map((k, i) => han(k, 276.7 + 8.45 * i, 226, 4.6));
    const { runs, readings } = readRuby([lead, arrow, ...kana, base]);
    expect(readings).toBe(4);
    expect(texts(runs)).toEqual(['例： → ゲ ラ ウ ツ Get out!']);
    // Small Latin letters over a Latin word are no reading (the kana are what make the gloss).
    expect(readRuby([base, run('gloss', 276.7, 226, 4.6)]).readings).toBe(0);
  });
});
