// Test-only stand-in for '@sumi/runtime' while the runtime package cannot be built (its parser
// dependency is not there yet): the value model, the plugin API and the date functions from source.

export * from '../../runtime/src/php/date/index';
export * from '../../runtime/src/php/format/index';
export * from '../../runtime/src/php/index';
export * from '../../runtime/src/php/pcre/index';
export * from '../../runtime/src/plugin/types';
export type * from '../../runtime/src/render/context';
export { seededRandom } from '../../runtime/src/render/services';
export { wordwrap } from '../../runtime/src/smarty/wordwrap';
