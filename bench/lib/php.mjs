/**
 * Just enough PHP for the hand-written baselines of the Sumi-only workloads.
 * Each helper covers the inputs the workloads feed it (ASCII text, integer
 * prices, rates that never sit on a rounding tie), not PHP in general.
 */

/** json_encode() with default flags: `/` escaped, non-ASCII as lowercase \uXXXX. */
export function jsonEncode(value) {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** number_format($n, $decimals) with ',' thousands and '.' point. */
export function numberFormat(n, decimals = 0) {
  const [int, frac] = Math.abs(n).toFixed(decimals).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (n < 0 ? '-' : '') + grouped + (frac ? '.' + frac : '');
}

/** Smarty 2's truncate($s, $length, '...', false) on ASCII text. */
export function truncate(s, length = 80, etc = '...') {
  if (s.length <= length) return s;
  const keep = length - Math.min(length, etc.length);
  return (
    s
      .slice(0, keep + 1)
      .replace(/\s+?(\S+)?$/, '')
      .slice(0, keep) + etc
  );
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const TOKYO_OFFSET_S = 9 * 3600; // Asia/Tokyo has had no DST since 1951

const pad2 = (n) => String(n).padStart(2, '0');

/** strftime() in Asia/Tokyo for %Y %m %d %e %H %M %S %A %B. */
export function strftimeTokyo(format, timestamp) {
  const d = new Date((timestamp + TOKYO_OFFSET_S) * 1000);
  return format.replace(/%([YmdeHMSAB%])/g, (_, c) => {
    switch (c) {
      case 'Y':
        return String(d.getUTCFullYear());
      case 'm':
        return pad2(d.getUTCMonth() + 1);
      case 'd':
        return pad2(d.getUTCDate());
      case 'e':
        return String(d.getUTCDate()).padStart(2, ' ');
      case 'H':
        return pad2(d.getUTCHours());
      case 'M':
        return pad2(d.getUTCMinutes());
      case 'S':
        return pad2(d.getUTCSeconds());
      case 'A':
        return DAYS[d.getUTCDay()];
      case 'B':
        return MONTHS[d.getUTCMonth()];
      default:
        return '%';
    }
  });
}
