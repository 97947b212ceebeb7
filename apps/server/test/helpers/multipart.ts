export interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

/** A multipart/form-data body as a browser would send it. */
export function multipartBody(parts: Part[]) {
  const boundary = `----bank${Date.now()}${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.name}"; filename="${part.fileName}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.fileName ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    boundary,
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
