import { describe, expect, it } from 'vitest';
import { contrastRatio, cssContrast, isLargeText, over, parseColor, requiredRatio } from './contrast.ts';

describe('contrast (WCAG 2.x)', () => {
  it('parses computed-style and hex colours', () => {
    expect(parseColor('rgb(255, 77, 79)')).toEqual({ r: 255, g: 77, b: 79, a: 1 });
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    expect(parseColor('rgb(0 0 0 / 45%)')).toEqual({ r: 0, g: 0, b: 0, a: 0.45 });
    expect(parseColor('color(srgb 1 0 0.5)')).toEqual({ r: 255, g: 0, b: 127.5, a: 1 });
    expect(parseColor('#0e6ba8')).toEqual({ r: 14, g: 107, b: 168, a: 1 });
    expect(parseColor('#fff8')?.a).toBeCloseTo(0.533, 3);
    expect(parseColor('transparent')?.a).toBe(0);
    expect(parseColor('oklch(0.5 0.1 20)')).toBeNull();
  });

  it('gives the known ratios', () => {
    expect(cssContrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(cssContrast('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(cssContrast('#767676', '#fff')).toBeCloseTo(4.54, 2); // the lightest grey passing AA on white
    expect(cssContrast('#777', '#fff')).toBeLessThan(4.5);
    // the defect of issue 27: the login subtitle, black at 50 % on the white card
    expect(cssContrast('rgba(0, 0, 0, 0.5)', '#fff')).toBeCloseTo(3.98, 2);
  });

  it('blends translucent text and backgrounds', () => {
    const navy = parseColor('#0b3d5c')!;
    const half = over(parseColor('rgba(255, 255, 255, 0.5)')!, navy);
    expect(half.a).toBe(1);
    expect(half.r).toBeCloseTo((255 + 11) / 2, 5);
    expect(contrastRatio(parseColor('rgba(255, 255, 255, 0.6)')!, navy)).toBeGreaterThan(4.5);
    expect(over(parseColor('transparent')!, parseColor('transparent')!).a).toBe(0);
  });

  it('knows large text and its minimum', () => {
    expect(isLargeText(24, 400)).toBe(true);
    expect(isLargeText(18.66, 700)).toBe(true);
    expect(isLargeText(18.66, 600)).toBe(false);
    expect(isLargeText(20, 400)).toBe(false);
    expect(requiredRatio(14, 400)).toBe(4.5);
    expect(requiredRatio(26, 700)).toBe(3);
  });
});
