/**
 * A PHP-level error (what PHP would throw): the compiler wraps it with the
 * template position. `kind` is the PHP class name.
 */
export type PhpErrorKind =
  | 'TypeError'
  | 'DivisionByZeroError'
  | 'ArithmeticError'
  | 'ValueError'
  | 'JsonException'
  | 'Error';

export class PhpError extends Error {
  readonly kind: PhpErrorKind;
  constructor(
    kind: PhpErrorKind,
    message: string,
    /** raised by a CMS modifier of its own, outside the null-on-error wrapper of the PHP functions */
    readonly endsTemplate = false,
  ) {
    super(message);
    this.name = kind;
    this.kind = kind;
  }
}

/** Receives non-fatal PHP warnings ("A non-numeric value encountered", ...). */
export type WarnFn = (message: string) => void;
