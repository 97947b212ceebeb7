export {
  MAX_FILE_NAME_LENGTH,
  MAX_IMAGE_DIMENSION,
  MAX_INPUT_PIXELS,
  acceptUpload,
  checkFileName,
  formatMegabytes,
  type AcceptedFile,
  type UploadInput,
  type UploadKind,
} from './intake.js';
export { FILE_KEY_PATTERN, createFileStore, isFileKey, type FileStore } from './store.js';
export { openFileStore, type UploadStoreSettings } from './open.js';
export { databaseBackend } from './backends/database.js';
export { localBackend } from './backends/local.js';
export { s3Backend, type S3Settings } from './backends/s3.js';
export type { BlobBackend } from './backends/types.js';
export {
  readMultipart,
  uploadOf,
  type MultipartForm,
  type UploadSpec,
  type UploadedPart,
} from './multipart.js';
export {
  ORPHAN_AGE_MS,
  ORPHAN_SWEEP_JOB,
  orphanSweepJob,
  registerStoredFile,
  sweepOrphanFiles,
} from './registry.js';
