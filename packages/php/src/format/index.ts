/**
 * PHP 8.2 number and string formatting: sprintf, number_format, round.
 * Float digits are exact (BigInt arithmetic on the binary value), rounded the
 * way PHP rounds in each function.
 */
export { fixedDigits, significantDigits, toFixedExact } from './digits';
export { numberFormat } from './number-format';
export { phpRound } from './round';
export { sprintf, sprintfOne } from './sprintf';
