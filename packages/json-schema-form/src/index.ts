/**
 * Not built yet: this package is an empty shell until its own issue fills it.
 * Importing it gives only this marker so that tooling and packaging tests run.
 */
export const status = 'unimplemented' as const;
