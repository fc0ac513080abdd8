import type { BlockPluginDef, FunctionPluginDef } from '@sumi/runtime';
import { getFile } from './get-file';
import { putFile } from './put-file';
import { readPlugins } from './read';
import { removeDir } from './remove-dir';
import { removeFile } from './remove-file';
import { renameFile } from './rename-file';
import { saveFile } from './save-file';
import { storageUrl } from './storage-url';
import { writeFile } from './write-file';

/** the catalog's "Files and storage" plugins but the archives, one file each */
export const filePlugins: readonly (FunctionPluginDef | BlockPluginDef)[] = [
  getFile,
  putFile,
  writeFile,
  saveFile,
  removeFile,
  removeDir,
  renameFile,
  storageUrl,
  ...readPlugins,
];
