import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an S3-compatible service, speaking the four calls the S3 upload store makes
 * (PutObject, GetObject, DeleteObject, ListObjectsV2) over real HTTP, path-style, one bucket.
 * Every request must be signed (SigV4 headers naming the expected access key, the payload hash
 * matching the body); the listing hands out two keys a page, so paging is exercised. No npm S3
 * server installs without a daemon or install scripts here (decision 32).
 */
export interface S3Double {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; lastModified: Date }>;
  /** Requests seen, as "METHOD path?query". */
  calls: string[];
  close(): Promise<void>;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function error(res: ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Double(bucket = 'cedar-test'): Promise<S3Double> {
  const accessKeyId = 'AKIDTESTDOUBLE';
  const objects: S3Double['objects'] = new Map();
  const calls: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://double');
      calls.push(`${req.method} ${url.pathname}${url.search}`);
      const data = await body(req);
      const auth = req.headers.authorization ?? '';
      const claimedHash = req.headers['x-amz-content-sha256'];
      if (
        !auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) ||
        !req.headers['x-amz-date'] ||
        (claimedHash !== 'UNSIGNED-PAYLOAD' &&
          claimedHash !== createHash('sha256').update(data).digest('hex'))
      ) {
        return error(res, 403, 'SignatureDoesNotMatch');
      }
      const [, name, ...rest] = url.pathname.split('/');
      if (name !== bucket) return error(res, 404, 'NoSuchBucket');
      const key = decodeURIComponent(rest.join('/'));
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, 2);
        const truncated = keys.length > page.length;
        const contents = page
          .map((k) => {
            const object = objects.get(k);
            return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${object?.lastModified.toISOString()}</LastModified><ETag>"x"</ETag><Size>${object?.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1) ?? '')}</NextContinuationToken>` : ''}</ListBucketResult>`,
        );
      }
      if (key === '') return error(res, 400, 'InvalidRequest');
      if (req.method === 'PUT') {
        objects.set(key, { body: data, lastModified: new Date() });
        res.writeHead(200, { etag: '"x"' });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return error(res, 404, 'NoSuchKey');
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': String(object.body.length),
          'last-modified': object.lastModified.toUTCString(),
        });
        return res.end(object.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return error(res, 405, 'MethodNotAllowed');
    })().catch(() => error(res, 500, 'InternalError'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'test-double-secret',
    objects,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
