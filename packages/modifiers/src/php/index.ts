// Allowlisted PHP functions used as modifiers (DIALECT.md "What may be called").
import type { ModifierDef } from '@sumi/runtime';

export const phpModifiers: readonly ModifierDef[] = [];
