/** The byte-string codec lives in the runtime (plugins use it too); modifiers import it from here. */
export {
  binaryToBytes,
  byteCount,
  bytesToBinary,
  codePoints,
  fromBinary,
  fromBytes,
  fromCodePoints,
  isAsciiString,
  toBinary,
  toBytes,
} from '@sumi/runtime';
