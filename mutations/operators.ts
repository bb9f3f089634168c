import { addArgumentMutation } from './addArgumentMutation.js';
import { identityInsertionMutation } from './identityInsertionMutation.js';
import { internalConstantMutation } from './internalConstantMutation.js';
import { internalSymbolMutation } from './internalSymbolMutation.js';
import { leafConstantMutation } from './leafConstantMutation.js';
import { leafScaledSymbolMutation } from './leafScaledSymbolMutation.js';
import { leafSimpleOperationMutation } from './leafSimpleOperationMutation.js';
import { numericBlowUpMutation } from './numericBlowUpMutation.js';
import { operationChangeMutation } from './operationChangeMutation.js';
import { substitutionMutation } from './substitutionMutation.js';
import { symbolicPerturbationMutation } from './symbolicPerturbationMutation.js';
import type { InternalMutationName, LeafMutationName, MutationOperator } from './types.js';

/** Operators applied to an internal node (the chosen subtree is replaced by the result). */
export const INTERNAL_OPERATORS: Readonly<Record<InternalMutationName, MutationOperator>> = {
  internalConstantMutation,
  internalSymbolMutation,
  operationChangeMutation,
  addArgumentMutation,
  substitutionMutation,
  identityInsertionMutation,
  numericBlowUpMutation,
};

/** Operators applied to a leaf. */
export const LEAF_OPERATORS: Readonly<Record<LeafMutationName, MutationOperator>> = {
  leafConstantMutation,
  leafScaledSymbolMutation,
  leafSimpleOperationMutation,
  symbolicPerturbationMutation,
};

export const INTERNAL_OPERATOR_NAMES = Object.keys(INTERNAL_OPERATORS) as InternalMutationName[];
export const LEAF_OPERATOR_NAMES = Object.keys(LEAF_OPERATORS) as LeafMutationName[];
