import type { BlockPluginDef, FunctionPluginDef } from '@sumi/runtime';
import { getFile } from './get-file';
import { putFile } from './put-file';
import { removeDir } from './remove-dir';
import { removeFile } from './remove-file';
import { renameFile } from './rename-file';
import { saveFile } from './save-file';
import { storageUrl } from './storage-url';
import { writeFile } from './write-file';

/** filled in one file per plugin */
export const filePlugins: readonly (FunctionPluginDef | BlockPluginDef)[] = [
  getFile,
  putFile,
  writeFile,
  saveFile,
  removeFile,
  removeDir,
  renameFile,
  storageUrl,
];
