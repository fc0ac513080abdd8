// Test-only stand-in for '@sumi/runtime' while the runtime package cannot be built (its parser
// dependency is not there yet): the value model, the plugin API and the date functions from source.
export * from '../../runtime/src/php/index';
export * from '../../runtime/src/plugin/types';
export * from '../../runtime/src/php/date/index';
export type * from '../../runtime/src/render/context';
export { wordwrap } from '../../runtime/src/smarty/wordwrap';
export * from '../../runtime/src/php/pcre/index';
export * from '../../runtime/src/php/format/index';
export { seededRandom } from '../../runtime/src/render/services';
