/** A parsed family name of `sagga augment`. */
export type AugmentFamily =
  | { readonly kind: 'lin_comb' }
  | { readonly kind: 'subst_poly' }
  | { readonly kind: 'subst_hard' }
  | { readonly kind: 'numeric'; readonly which: 'all' | 'one'; readonly digits: number }
  | { readonly kind: 'symbolic'; readonly count: number }
  | { readonly kind: 'equivalence'; readonly level: 'easy' | 'hard' }
  | { readonly kind: 'backward' };

export const MAX_DIGITS = 10;
export const MAX_SYMBOLIC = 5;

/** The valid names, for help texts and error messages. */
export const AUGMENT_FAMILY_NAMES: readonly string[] = [
  'lin_comb',
  'subst_poly',
  'subst_hard',
  `numeric-all-<N> (N = 0 … ${MAX_DIGITS})`,
  `numeric-one-<N> (N = 0 … ${MAX_DIGITS})`,
  `symbolic-<N> (N = 1 … ${MAX_SYMBOLIC})`,
  'equivalence-easy',
  'equivalence-hard',
  'backward',
];

/** Parse a family name; throws listing the valid ones. */
export function parseAugmentFamily(name: string): AugmentFamily {
  switch (name) {
    case 'lin_comb':
    case 'subst_poly':
    case 'subst_hard':
    case 'backward':
      return { kind: name };
    case 'equivalence-easy':
      return { kind: 'equivalence', level: 'easy' };
    case 'equivalence-hard':
      return { kind: 'equivalence', level: 'hard' };
  }
  const numeric = /^numeric-(all|one)-(\d{1,2})$/.exec(name);
  if (numeric && Number(numeric[2]) <= MAX_DIGITS) return { kind: 'numeric', which: numeric[1] as 'all' | 'one', digits: Number(numeric[2]) };
  const symbolic = /^symbolic-(\d{1,2})$/.exec(name);
  if (symbolic && Number(symbolic[1]) >= 1 && Number(symbolic[1]) <= MAX_SYMBOLIC) return { kind: 'symbolic', count: Number(symbolic[1]) };
  throw new Error(`unknown family '${name}'; valid ones: ${AUGMENT_FAMILY_NAMES.join(', ')}`);
}
