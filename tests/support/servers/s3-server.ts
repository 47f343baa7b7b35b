import type { ServerResponse } from 'node:http';
import { startHttpServer, type RecordedRequest } from './http-server.ts';

/** Undoes `Content-Encoding: aws-chunked` (how newer SDKs may stream a body with checksums). */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString().split(';')[0]!, 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * A loopback server speaking the slice of the S3 REST API the storage adapter uses (path-style
 * PutObject, GetObject, DeleteObject) and insisting on SigV4-signed requests.
 */
export async function startS3Server(options: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl?: string }>();
  const xmlError = (res: ServerResponse, status: number, code: string) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/xml');
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    );
  };
  const server = await startHttpServer((req: RecordedRequest, res) => {
    const auth = String(req.headers.authorization ?? '');
    if (
      !auth.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`) ||
      !auth.includes('Signature=')
    ) {
      return xmlError(res, 403, 'AccessDenied');
    }
    const url = new URL(req.url, 'http://localhost');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== options.bucket) return xmlError(res, 404, 'NoSuchBucket');
    if (req.method === 'PUT') {
      const encoded = String(req.headers['content-encoding'] ?? '').includes('aws-chunked');
      objects.set(key, {
        body: encoded ? decodeAwsChunked(req.body) : req.body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        cacheControl: req.headers['cache-control'] as string | undefined,
      });
      res.setHeader('etag', '"0"');
      return void res.end();
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, 'NoSuchKey');
      res.setHeader('content-type', object.contentType);
      res.setHeader('content-length', object.body.length);
      return void res.end(object.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      return void res.end();
    }
    return xmlError(res, 405, 'MethodNotAllowed');
  });
  return { ...server, objects };
}
