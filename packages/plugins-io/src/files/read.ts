/** read_dir and read_file: the lead joins this array into `filePlugins` (index.ts). */
import type { BlockPluginDef } from '@sumi/runtime';
import { readDir } from './read-dir';
import { readFile } from './read-file';

export { readDir } from './read-dir';
export { READ_FILE_MAX_ROWS, type ReadFileOptions, readFile, readFilePlugin } from './read-file';

export const readPlugins: readonly BlockPluginDef[] = [readDir, readFile];
