/**
 * PHP 8.2's number_format() (`_php_math_number_format_ex`): the number is a
 * float, rounded with round() (pre-rounding included: number_format(2.675, 2) is
 * "2.68"), printed with "%.*f", then grouped. Negative $decimals count as 0 in
 * 8.2; "-0" becomes "0"; separators may be any strings (multi-byte, empty).
 */
import { allowString } from '../host';
import { toFixedExact } from './digits';
import { phpRound } from './round';

export function numberFormat(num: number, decimals = 0, decPoint = '.', thousandsSep = ','): string {
  let d = num;
  let negative = false;
  if (d < 0) {
    negative = true;
    d = -d;
  }
  const dec = Math.max(0, Math.trunc(decimals));
  d = phpRound(d, dec);
  if (Number.isNaN(d)) return 'nan';
  if (!Number.isFinite(d)) return 'inf';
  // php_conv_fp caps the precision at NDIG - 2 digits; number_format pads the rest with zeros
  const printed = toFixedExact(d, Math.min(dec, 318));
  if (negative && d === 0) negative = false;
  const dot = printed.indexOf('.');
  const intPart = dot < 0 ? printed : printed.slice(0, dot);
  let frac = dot < 0 ? '' : printed.slice(dot + 1);
  // the decimals and the separators can make the result as long as asked: checked before building
  const groups = Math.ceil(intPart.length / 3);
  allowString(
    (negative ? 1 : 0) +
      intPart.length +
      Math.max(0, groups - 1) * thousandsSep.length +
      (dec > 0 ? decPoint.length + dec : 0),
  );
  if (frac.length < dec) frac += '0'.repeat(dec - frac.length);
  let grouped = '';
  for (let end = intPart.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = intPart.slice(start, end) + (grouped === '' ? '' : thousandsSep + grouped);
  }
  let out = negative ? '-' + grouped : grouped;
  if (dec > 0) out += decPoint + frac;
  return out;
}
