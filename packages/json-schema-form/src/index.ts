export { fromCommaList, fromDateTimeInput, toCommaList, toDateTimeInput } from './core/convert';
export { DEFAULT_MAX_DEPTH } from './core/depth';
export {
  CONTROLS,
  type Control,
  type DescribeOptions,
  describeForm,
  type FieldDescriptor,
} from './core/describe';
export { initialValue } from './core/initial';
export { toValidationSchema } from './core/normalize';
export { getAt, setAt } from './core/pointer';
export { isRequired } from './core/required';
export type { JsonSchema } from './core/schema';
export type { HtmlEditorAdapter, HtmlEditorHandle, HtmlEditorInit } from './editor/types';
export type { FileManager, FileManagerContext } from './render/context';
export { createForm, type FormHandle, type FormOptions } from './render/form';
export { createValidator, type ValidatorChoice, validateValue } from './validate/load';
export { customMessage } from './validate/messages';
export type { CheckFn, FormError, Locale, RawError, ValidatorFactory } from './validate/types';
