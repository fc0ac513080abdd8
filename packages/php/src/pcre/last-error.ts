/** preg_last_error() / preg_last_error_msg(): the error of the last preg_* call (PHP's PCRE_G(error_code)). */

import { HOST } from '../host';

export const PREG_NO_ERROR = 0;
export const PREG_INTERNAL_ERROR = 1;
export const PREG_BACKTRACK_LIMIT_ERROR = 2;
export const PREG_RECURSION_LIMIT_ERROR = 3;
export const PREG_BAD_UTF8_ERROR = 4;
export const PREG_BAD_UTF8_OFFSET_ERROR = 5;
export const PREG_JIT_STACKLIMIT_ERROR = 6;

const MESSAGES = [
  'No error',
  'Internal error',
  'Backtrack limit exhausted',
  'Recursion limit exhausted',
  'Malformed UTF-8 characters, possibly incorrectly encoded',
  'The offset did not correspond to the beginning of a valid UTF-8 code point',
  'JIT stack limit exhausted',
];

// the code lives on the host: each render has its own, like each PHP request
export function setPregError(code: number): void {
  HOST.pregError = code;
}

export function pregLastError(): number {
  return HOST.pregError;
}

export function pregLastErrorMsg(): string {
  return MESSAGES[HOST.pregError] ?? 'Unknown error';
}
