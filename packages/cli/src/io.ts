/**
 * Where a command reads and writes. The binary wires it to the process;
 * tests and other tools can pass their own.
 */
import { readFileSync } from 'node:fs';
import { fromJSONText, PhpArray, toBytes } from '@sumi/php';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** the whole of standard input, for `sumi render -` */
  readStdin(): Promise<string>;
  /** colour the output (only when writing to a terminal) */
  color: boolean;
}

export function processIo(): Io {
  return {
    // the output's bytes as PHP holds them: raw bytes (lone surrogates here) are written as bytes, not U+FFFD
    out: (text) => process.stdout.write(toBytes(text)),
    err: (text) => process.stderr.write(text),
    readStdin: async () => readFileSync(0, 'utf8'),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  };
}

/** Collects output in memory (tests, embedding). */
export function memoryIo(stdin = ''): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    color: false,
    out(text: string) {
      io.stdout += text;
    },
    err(text: string) {
      io.stderr += text;
    },
    readStdin: async () => stdin,
  };
  return io;
}

/** A bad command line or unreadable input: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A JSON file, read and parsed (`parse` defaults to JSON.parse; data files keep key order through
 * the runtime's parser). `what` names the file in the message of the UsageError a failure gives.
 */
export function readJsonFile<T = unknown>(
  file: string,
  what: string,
  parse: (text: string) => T = JSON.parse,
): T {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${what} ${file}: ${(err as Error).message}`);
  }
  try {
    return parse(text);
  } catch (err) {
    throw new UsageError(`${file}: invalid JSON ${what}: ${(err as Error).message}`);
  }
}

/** template data from a JSON file: an object whose keys become variables (key order kept) */
export function readData(file: string): PhpArray {
  const data = readJsonFile(file, 'data', fromJSONText);
  // `{}` and `[]` are the same empty array; anything else must be an object of variables
  if (!(data instanceof PhpArray))
    throw new UsageError(`${file}: data must be a JSON object (its keys become variables)`);
  return data;
}
