/** PHP's PREG_* flag values. */
export const PREG_PATTERN_ORDER = 1;
export const PREG_SET_ORDER = 2;
export const PREG_OFFSET_CAPTURE = 256;
export const PREG_UNMATCHED_AS_NULL = 512;
export const PREG_SPLIT_NO_EMPTY = 1;
export const PREG_SPLIT_DELIM_CAPTURE = 2;
export const PREG_SPLIT_OFFSET_CAPTURE = 4;
