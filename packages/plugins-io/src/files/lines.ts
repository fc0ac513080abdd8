/**
 * A file's lines from its byte stream, in constant memory: the bytes are decoded as UTF-8 as they
 * come (a character cut between two chunks is joined), a UTF-8 byte order mark at the start is
 * dropped, and the text is cut at `\n`, `\r\n` and a lone `\r`. Only the current chunk and the
 * unfinished line are ever held; one line longer than `maxLineLength` characters is an IoFailure
 * (IO_PARSE), so a file without line breaks cannot fill the memory.
 *
 * Lines come in batches (those of one chunk, 64 KiB from the adapters), each with the break that
 * ended it, so that a CSV record whose quoted field holds a line break is rebuilt byte for byte.
 */
import { failure } from '../failure';
import { FsError } from '../fs/types';

export interface Line {
  /** the line without its break */
  text: string;
  /** the break that ended it: '\n', '\r\n', '\r', or '' for a last line without one */
  end: string;
}

/** longest line read_file accepts (UTF-16 units); PHP's own strings have no such bound, memory does */
export const MAX_LINE_LENGTH = 16 * 1024 * 1024;

const BREAK = /[\r\n]/g;

/**
 * The lines of `stream`. Breaking out of the loop that consumes it cancels the stream (the file is
 * closed); so does an error.
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  maxLineLength: number = MAX_LINE_LENGTH,
): AsyncGenerator<Line[], void, undefined> {
  // fatal: false: a byte that is not UTF-8 reads as U+FFFD; ignoreBOM: false drops a leading BOM
  const decoder = new TextDecoder('utf-8');
  const reader = stream.getReader();
  // the unfinished line, in pieces (joined once, when its break comes)
  let head: string[] = [];
  let headLength = 0;
  // the last chunk ended with '\r': the next one tells whether that is '\r\n'
  let crPending = false;
  let lineNo = 0;
  let out: Line[] = [];

  const emit = (rest: string, end: string) => {
    const text = head.length === 0 ? rest : head.join('') + rest;
    head = [];
    headLength = 0;
    lineNo++;
    out.push({ text, end });
  };
  const tooLong = () =>
    failure(
      'IO_PARSE',
      `line ${lineNo + 1} is longer than ${maxLineLength.toLocaleString('en')} characters; the file is not read further`,
    );
  /** adds a piece to the unfinished line */
  const grow = (piece: string) => {
    headLength += piece.length;
    if (headLength > maxLineLength) throw tooLong();
    if (piece !== '') head.push(piece);
  };

  const feed = (text: string, final: boolean) => {
    let start = 0;
    if (crPending) {
      if (text.length === 0 && !final) return;
      crPending = false;
      if (text.charCodeAt(0) === 10) {
        emit('', '\r\n');
        start = 1;
      } else emit('', '\r');
    }
    BREAK.lastIndex = start;
    for (;;) {
      const m = BREAK.exec(text);
      if (m === null) {
        const rest = text.slice(start);
        if (rest.length > 0) grow(rest);
        break;
      }
      const at = m.index;
      const piece = text.slice(start, at);
      if (headLength + piece.length > maxLineLength) throw tooLong();
      if (text.charCodeAt(at) === 10) {
        emit(piece, '\n');
        start = at + 1;
      } else if (at + 1 < text.length) {
        if (text.charCodeAt(at + 1) === 10) {
          emit(piece, '\r\n');
          start = at + 2;
        } else {
          emit(piece, '\r');
          start = at + 1;
        }
      } else if (final) {
        emit(piece, '\r');
        start = at + 1;
      } else {
        // '\r' ends the chunk: wait for the next one
        grow(piece);
        crPending = true;
        start = text.length;
        break;
      }
      BREAK.lastIndex = start;
    }
    if (final) {
      if (crPending) {
        crPending = false;
        emit('', '\r');
      } else if (head.length > 0) emit('', '');
    }
  };

  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        // an adapter's own error names the site path; the host's (a disk error) may name a host path
        if (e instanceof FsError) throw e;
        const code = (e as { code?: unknown }).code;
        throw failure(
          'IO_ERROR',
          `the file could not be read after line ${lineNo}${typeof code === 'string' ? ` (${code})` : ''}`,
        );
      }
      const { done, value } = chunk;
      if (done) {
        feed(decoder.decode(), true);
        if (out.length > 0) yield out;
        return;
      }
      feed(decoder.decode(value, { stream: true }), false);
      if (out.length > 0) {
        const batch = out;
        out = [];
        yield batch;
      }
    }
  } finally {
    // a consumer that stops early (the line cap, a failure) closes the file
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
