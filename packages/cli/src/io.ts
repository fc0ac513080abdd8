/**
 * Where a command reads and writes. The binary wires it to the process;
 * tests and other tools can pass their own.
 */
import { readFileSync } from 'node:fs';

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
    out: (text) => process.stdout.write(text),
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
