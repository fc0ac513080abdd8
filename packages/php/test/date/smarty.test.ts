import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  phpDate,
  SMARTY_DATE_FORMAT_DEFAULT,
  smartyDateFormat,
  smartyDateTimestamp,
  strtotime,
} from '../../src/date/index';

const TZ = DEFAULT_TIME_ZONE;
const NOW = 1700000000;

describe('smartyDateTimestamp (Smarty 2.6.28 smarty_make_timestamp)', () => {
  it.each([
    ['empty string', ''],
    ['null', null],
    ['undefined', undefined],
    ['false', false],
    ['0', 0],
    ["'0'", '0'],
    ['unparsable text', 'not a date'],
    ['true (strtotime("1") fails)', true],
  ])('%s → now', (_, input) => {
    expect(smartyDateTimestamp(input, NOW, TZ)).toBe(NOW);
  });

  it('takes numbers and numeric strings as timestamps', () => {
    expect(smartyDateTimestamp(1704067200, NOW, TZ)).toBe(1704067200);
    expect(smartyDateTimestamp('1704067200', NOW, TZ)).toBe(1704067200);
    expect(smartyDateTimestamp(' 1704067200 ', NOW, TZ)).toBe(1704067200);
    expect(smartyDateTimestamp('1.7e9', NOW, TZ)).toBe(1700000000);
    expect(smartyDateTimestamp(1704067200.9, NOW, TZ)).toBe(1704067200);
    expect(smartyDateTimestamp(-86400, NOW, TZ)).toBe(-86400);
  });

  it('reads 14-digit MySQL timestamps as local time', () => {
    expect(smartyDateTimestamp('20240101120000', NOW, TZ)).toBe(1704078000);
    expect(smartyDateTimestamp(20240101120000, NOW, TZ)).toBe(1704078000);
    expect(smartyDateTimestamp('20240101120000', NOW, 'UTC')).toBe(1704110400);
  });

  it('parses other strings with strtotime', () => {
    expect(smartyDateTimestamp('2024-02-29 12:00:00', NOW, TZ)).toBe(1709175600);
    expect(smartyDateTimestamp('tomorrow', NOW, TZ)).toBe(1700060400);
  });
});

describe('smartyDateFormat (Smarty date_format modifier)', () => {
  it('uses "%b %e, %Y" by default', () => {
    expect(SMARTY_DATE_FORMAT_DEFAULT).toBe('%b %e, %Y');
    expect(smartyDateFormat(1700000000, SMARTY_DATE_FORMAT_DEFAULT, '', NOW, TZ)).toBe('Nov 15, 2023');
  });

  it('falls back to the default date, then to nothing', () => {
    expect(smartyDateFormat('', '%Y-%m-%d', '2024-02-29', NOW, TZ)).toBe('2024-02-29');
    expect(smartyDateFormat(null, '%Y-%m-%d', '', NOW, TZ)).toBeNull();
    expect(smartyDateFormat(false, '%Y-%m-%d', null, NOW, TZ)).toBeNull();
  });

  it('formats 0 as now (empty) rather than the epoch', () => {
    expect(smartyDateFormat(0, '%Y-%m-%d %H:%M', '', NOW, TZ)).toBe('2023-11-15 07:13');
  });

  it('matches the strtotime_modifier conformance case', () => {
    expect(smartyDateFormat('2024-02-29 12:00:00', '%Y/%m/%d %H:%M', '', NOW, TZ)).toBe('2024/02/29 12:00');
  });
});

describe('conformance cases (Asia/Tokyo)', () => {
  it('php_modifiers/strtotime_modifier', () => {
    expect(strtotime('2024-02-29 12:00:00', NOW, TZ)).toBe(1709175600);
    expect(strtotime('2024-01-01T00:00:00Z', NOW, TZ)).toBe(1704067200);
    expect(strtotime('not a date', NOW, TZ)).toBe(false);
  });

  it('cms_plugins/date_plugin', () => {
    expect(phpDate('Y/m/d H:i:s', strtotime('2024-03-05 07:08:09', NOW, TZ) as number, TZ)).toBe(
      '2024/03/05 07:08:09',
    );
    expect(phpDate('D j n', strtotime('2024-03-05', NOW, TZ) as number, TZ)).toBe('Tue 5 3');
    expect(phpDate('c', 1700000000, TZ)).toBe('2023-11-15T07:13:20+09:00');
  });

  it('cms_plugins/strtodate_plugin', () => {
    expect(phpDate('Y-m-d H:i', 1700000000, TZ)).toBe('2023-11-15 07:13');
    expect(phpDate('U', strtotime('2000-01-01 00:00:00', NOW, TZ) as number, TZ)).toBe('946652400');
  });

  it('cms_plugins/plugin_var_from_variable and ws_after_plugin_tags', () => {
    expect(phpDate('Y', 0, TZ)).toBe('1970');
    expect(phpDate('Y-m-d', 1700000000, TZ)).toBe('2023-11-15');
  });
});
