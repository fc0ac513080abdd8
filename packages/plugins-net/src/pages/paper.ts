/** The paper names generate_pdf's `option` accepts, with their size in PostScript points (1/72 in). */
export const PAPER_POINTS: Readonly<Record<string, readonly [number, number]>> = {
  A3: [842, 1191],
  A4: [595, 842],
  A5: [420, 595],
  Letter: [612, 792],
  Legal: [612, 1008],
  Tabloid: [792, 1224],
  Ledger: [1224, 792],
};

/** a paper name as written (`a4`, `LETTER`) in its canonical spelling, or undefined */
export function paperName(input: string): string | undefined {
  const lower = input.trim().toLowerCase();
  return Object.keys(PAPER_POINTS).find((name) => name.toLowerCase() === lower);
}
