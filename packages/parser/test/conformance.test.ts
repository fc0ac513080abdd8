/**
 * The conformance templates through the parser alone: every template that must render parses
 * without errors and tokenizes losslessly; every template that must fail gives exactly the
 * errors below (code and position), or none when the failure is the runtime's to find.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../cli/src/case-files';
import { parse, tokenize } from '../src/index';

const cases = loadCases(fileURLToPath(new URL('../../../conformance', import.meta.url)));

/**
 * The parser's errors for each `.error` case, as `CODE line:column`. An empty list: the template
 * is well-formed and fails later (compile checks of the runtime, or at run time).
 */
const expectedErrors: Record<string, string[]> = {
  'errors/append_missing_value': [],
  'errors/assign_array_keys_count_mismatch': [],
  'errors/braces_inside_tag_string': ['UNRECOGNIZED_TAG 1:2'],
  'errors/break_outside_loop': ['BREAK_OUTSIDE_LOOP 1:1'],
  'errors/division_by_zero': [],
  'errors/else_outside_if': ['UNEXPECTED_TAG 1:1'],
  'errors/foreach_item_not_literal': [],
  'errors/foreach_missing_from': [],
  'errors/foreach_missing_item': [],
  'errors/if_assignment_operator': ['IF_UNIDENTIFIED_TOKEN 1:8'],
  'errors/if_unbalanced_parenthesis': ['IF_UNBALANCED_PAREN 1:5'],
  'errors/if_unknown_is_test': ['IF_UNKNOWN_IS 1:11'],
  'errors/if_without_condition': ['IF_NO_ARGS 1:1'],
  'errors/literal_true_tag': [],
  'errors/math_on_literals': ['UNRECOGNIZED_TAG 1:2'],
  'errors/mismatched_close': ['MISMATCHED_TAG 1:10', 'UNCLOSED_TAG 1:1'],
  'errors/numeric_literal_with_modifier_in_if': ['IF_FUNCTION_NOT_ALLOWED 1:7'],
  'errors/parentheses_in_math': ['UNRECOGNIZED_TAG 1:2'],
  'errors/section_missing_name': [],
  'errors/sectionelse_outside_section': ['UNEXPECTED_TAG 1:1'],
  'errors/smarty3_at_property': ['SMARTY3_FORM 1:26'],
  'errors/smarty3_block_extends': ['SMARTY3_FORM 1:1'],
  'errors/smarty3_expression_in_brackets': ['UNRECOGNIZED_TAG 1:2'],
  'errors/smarty3_for_loop': ['SMARTY3_FORM 1:1'],
  'errors/smarty3_foreach_key_arrow': ['SMARTY3_FORM 1:10'],
  'errors/smarty3_function_definition': ['SMARTY3_FORM 1:31'],
  'errors/smarty3_quoted_key_in_brackets': ['UNRECOGNIZED_TAG 1:2'],
  'errors/smarty3_ternary': ['SMARTY3_FORM 1:2'],
  'errors/smarty3_while_loop': ['SMARTY3_FORM 1:23'],
  'errors/stray_close_tag': ['MISMATCHED_TAG 1:5'],
  'errors/unclosed_foreach': ['UNCLOSED_TAG 1:1'],
  'errors/unclosed_strip': ['UNCLOSED_TAG 1:1'],
  'errors/unescaped_js_braces': ['UNRECOGNIZED_TAG 1:19'],
  'errors/unknown_smarty_reference': ['UNKNOWN_SMARTY_VAR 1:2'],
  'errors/unknown_tag': [],
  'security/if_function_not_allowed_empty': ['IF_FUNCTION_NOT_ALLOWED 1:5'],
  'security/if_function_not_allowed_exec': ['IF_FUNCTION_NOT_ALLOWED 1:5'],
  'security/if_function_not_allowed_is_numeric': ['IF_FUNCTION_NOT_ALLOWED 1:5'],
  'security/if_uppercase_literal_not_allowed': ['IF_FUNCTION_NOT_ALLOWED 1:11'],
  'security/if_variable_function_call': ['IF_VARIABLE_CALL 1:5'],
  'security/modifier_not_allowlisted_array_sum': [],
  'security/modifier_not_allowlisted_in_if': [],
  'security/modifier_not_allowlisted_print_r': [],
  'security/modifier_not_allowlisted_sprintf': [],
  'security/modifier_not_allowlisted_str_replace': [],
  'security/modifier_not_allowlisted_system': [],
  'security/modifier_not_allowlisted_ucfirst': [],
  'security/modifier_not_allowlisted_unused_branch': [],
  'security/private_member_access': ['PRIVATE_MEMBER 1:4'],
};

describe('conformance templates', () => {
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThan(300);
  });

  it.each(cases.filter((c) => c.error === undefined))('$id parses without errors', ({ source }) => {
    const errors = parse(source).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.code} ${d.message} @${d.line}:${d.column}`)).toEqual([]);
    const tokens = tokenize(source);
    expect(tokens.map((t) => source.slice(t.start, t.end)).join('')).toBe(source);
  });

  it('lists every .error case', () => {
    expect(Object.keys(expectedErrors).sort()).toEqual(
      cases
        .filter((c) => c.error !== undefined)
        .map((c) => c.id)
        .sort(),
    );
  });

  it.each(cases.filter((c) => c.error !== undefined))(
    '$id: the parser finds exactly its errors',
    ({ id, source }) => {
      const errors = parse(source).diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(expectedErrors[id]);
    },
  );
});
