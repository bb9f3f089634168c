/** The forms `--embedder` accepts, for help texts; apart from createEmbedder so listing them loads no embedder. */
export const EMBEDDER_SPECS: readonly string[] = ['structural', 'transformers', 'transformers:<model dir | hub id>'];
