/**
 * Where sealed uploads are kept (decision 32). The store (../store.ts) chooses the key, seals
 * and checks; a backend only keeps bytes under a key. Three of them: a folder (the embedded
 * default), the database (PostgreSQL or PGlite), an S3-compatible bucket.
 */
export interface BlobBackend {
  readonly kind: 'local' | 'database' | 's3';
  /** Keeps a new blob; never overwrites one (a collision of 128 random bits is a bug). */
  create(key: string, blob: Buffer): Promise<void>;
  /** The blob, or undefined when there is none under that key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Idempotent: removing what is already gone is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Keys of blobs written before `before` that may have no stored_files row (the orphan sweep
   * checks each against the registry): every such key, a page at a time.
   */
  sweepCandidates(before: Date): AsyncIterable<string>;
}
