/** What read_dir and read_file share: the `/files/`-relative path form. */
import { failure } from '../failure';

/**
 * A path as `resolvePath` reads it. Besides `/files/user/x.csv` and `files/user/x.csv`, read_dir and
 * read_file take a path relative to /files/ (`user/x.csv`): it gets its `/files/` here. A `..`
 * segment in such a path is refused here, since `/files/../x` would otherwise read as an unknown area.
 */
export function underFiles(input: string, attribute: string): string {
  if (input === '' || input.startsWith('/') || /^files(?:\/|$)/.test(input)) return input;
  if (input.split('/').includes('..')) {
    throw failure('IO_PATH_TRAVERSAL', `'${attribute}' ${JSON.stringify(input)} contains a '..' segment`);
  }
  return `/files/${input}`;
}
