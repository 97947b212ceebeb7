/** Storage keys: 128 random bits and the stored type's extension; never the uploaded name. */
export const FILE_KEY_PATTERN = /^[0-9a-f]{32}\.(?:jpg|webp|pdf)$/;

export function isFileKey(key: unknown): key is string {
  return typeof key === 'string' && FILE_KEY_PATTERN.test(key);
}
