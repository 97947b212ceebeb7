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
