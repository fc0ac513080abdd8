// The colour palettes of the text and background colour pickers. They are generated from a hue grid
// rather than listed by hand, so the standard and the large palette stay one consistent family.

/** `hsl(h, s%, l%)` as a lowercase `#rrggbb`. */
export function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const grey = (l: number) => hslToHex(0, 0, l);

/** 8 saturated hues and 4 greys: enough for emphasis without a wall of swatches. */
export const standardPalette: readonly string[] = [
  ...[0, 30, 50, 120, 170, 210, 260, 320].map((h) => hslToHex(h, 70, 45)),
  ...[0, 33, 67, 100].map(grey),
];

/** `largeColorPalette`: 12 hues × 5 shades, then 6 greys. */
export const largePalette: readonly string[] = [
  ...[25, 40, 55, 70, 85].flatMap((l) => Array.from({ length: 12 }, (_, i) => hslToHex(i * 30, 70, l))),
  ...[0, 20, 40, 60, 80, 100].map(grey),
];

/** The font sizes offered by `use_font_size_px`, in CSS pixels. */
export const fontSizesPx: readonly number[] = [8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 24, 28, 32, 36, 48, 64];
