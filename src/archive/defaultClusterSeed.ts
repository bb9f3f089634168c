/** Seed of the k-means++ start when none is given, so the same archive always gives the same clusters. */
export const DEFAULT_CLUSTER_SEED = 'sagga';
