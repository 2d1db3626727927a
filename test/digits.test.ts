import { describe, expect, it } from 'vitest';
import { decimal } from '../lib/layout/digits.js';

describe('decimal', () => {
  it('reads the decimal digits of any script', () => {
    expect(decimal('12')).toBe(12);
    expect(decimal('۱۲')).toBe(12); // Persian
    expect(decimal('١٢')).toBe(12); // Arabic-Indic
    expect(decimal('१२')).toBe(12); // Devanagari
    expect(decimal('๑๒')).toBe(12); // Thai
    expect(decimal('１２')).toBe(12); // full-width
    expect(decimal('𝟏𝟐')).toBe(12); // mathematical bold
    expect(decimal('𝟙𝟚')).toBe(12); // double-struck, the second set of ten in the run
    expect(decimal('۰۹')).toBe(9);
  });
  it('is NaN for anything but digits', () => {
    expect(decimal('')).toBeNaN();
    expect(decimal('1a')).toBeNaN();
    expect(decimal('*')).toBeNaN();
    expect(decimal('1.5')).toBeNaN();
  });
});
