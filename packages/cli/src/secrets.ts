/**
 * Where `sumi render` finds secrets ({secret}, api's sslcert/sslkey/cainfo, service-account keys):
 * a JSON file named by the config's `secrets` (name → value), then the environment
 * (`SUMI_SECRET_<NAME>`, the name upper-cased with other characters as `_`), which wins. Never the
 * command line: a value there would sit in the shell's history and in `ps`.
 */
import { dirname, resolve } from 'node:path';
import type { SecretStore } from '@sumi/runtime';
import { readJsonFile, UsageError } from './io';

export const envName = (name: string) => `SUMI_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

export function cliSecrets(file: string | undefined, env: NodeJS.ProcessEnv = process.env): SecretStore {
  const values = new Map<string, string>();
  if (file !== undefined) {
    const json = readJsonFile(file, 'secrets file');
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw new UsageError(`${file}: the secrets file must be a JSON object of name: "value"`);
    for (const [name, value] of Object.entries(json)) {
      // the message names the key, never its value
      if (typeof value !== 'string') throw new UsageError(`${file}: secret "${name}" must be a string`);
      values.set(name, value);
    }
  }
  return {
    get(name) {
      const fromEnv = env[envName(name)];
      return fromEnv !== undefined ? fromEnv : values.get(name);
    },
  };
}

/** the config's `secrets` path, read relative to the config file's folder */
export const secretsPath = (configFile: string, path: string) => resolve(dirname(configFile), path);
