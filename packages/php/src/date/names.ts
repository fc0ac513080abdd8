/** Day and month names used by date(), strftime() (C locale) and the CMS's Japanese date format. */

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const DAY_NAMES_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const MONTH_NAMES = [
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
export const MONTH_NAMES_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

export const JA_DAY_NAMES = ['日曜日', '月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日'];
export const JA_DAY_NAMES_SHORT = ['日', '月', '火', '水', '木', '金', '土'];
/** Japanese has one month name form: "1月".."12月" serve both F and M. */
export const JA_MONTH_NAMES = MONTH_NAMES.map((_, index) => `${index + 1}月`);

/** printf("%0<width>d"): zero padding after the sign, the sign counting toward the width. */
export function zeroPad(n: number, width: number): string {
  if (n < 0) return '-' + String(-n).padStart(width - 1, '0');
  return String(n).padStart(width, '0');
}
