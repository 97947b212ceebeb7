import type * as S3 from '@aws-sdk/client-s3';
import { isFileKey } from '../keys.js';
import type { BlobBackend } from './types.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, R2…); unset: AWS. */
  endpoint?: string | undefined;
  /** Buckets addressed as <endpoint>/<bucket> (most self-hosted services) instead of a host name. */
  forcePathStyle: boolean;
  /** Folder inside the bucket, ending in "/" (or empty). */
  prefix: string;
  /** Unset: the SDK's usual chain (AWS_* variables, a profile, the machine's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Nothing kept here is larger than an upload (8 MB) sealed; anything larger is not ours. */
const MAX_BLOB_BYTES = 16 * 1024 * 1024;

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/**
 * An S3-compatible bucket, through the AWS SDK (v3, loaded only when this store is chosen).
 * Four calls: PutObject, GetObject, DeleteObject, ListObjectsV2. Keys are 128 random bits, so a
 * write never meets an existing object; the bucket should refuse public access all the same.
 */
export function s3Backend(settings: S3Settings): BlobBackend {
  // The SDK is loaded on first use: a server on another store never pays for it.
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: makeClient(sdk) })));
  const makeClient = (sdk: typeof S3) =>
    new sdk.S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Only what the service asks for: a checksum header some S3-compatible services refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  const objectKey = (key: string) => `${settings.prefix}${key}`;

  return {
    kind: 's3',
    async create(key, blob) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: blob,
          ContentLength: blob.length,
          ContentType: 'application/octet-stream',
        }),
      );
    },

    async get(key) {
      const { sdk, client } = await connect();
      let response;
      try {
        response = await client.send(
          new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || status(error) === 404) return undefined;
        throw error;
      }
      if ((response.ContentLength ?? 0) > MAX_BLOB_BYTES || !response.Body) {
        throw new Error('S3 object is not an upload blob');
      }
      return Buffer.from(await response.Body.transformToByteArray());
    },

    async delete(key) {
      const { sdk, client } = await connect();
      // S3 answers 204 whether or not the object existed.
      await client.send(
        new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
      );
    },

    async *sweepCandidates(before) {
      const { sdk, client } = await connect();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: settings.bucket,
            Prefix: settings.prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(settings.prefix.length);
          if (!isFileKey(key) || !object.LastModified) continue;
          if (object.LastModified.getTime() < before.getTime()) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
