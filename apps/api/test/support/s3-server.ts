// An S3-compatible object server on 127.0.0.1 for tests: path-style PUT, GET and HEAD of objects
// (`/{bucket}/{key}`), each request's AWS Signature Version 4 checked independently of the client library (the
// `aws4` package re-signs exactly the headers the request says it signed; the payload hash must match the
// body). Unsigned or wrongly signed requests answer 403 SignatureDoesNotMatch, as S3 does.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import aws4 from 'aws4';

export type S3Request = { method: string; path: string; contentType: string | undefined; signed: boolean };

export type TestS3Server = {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { contentType: string; body: Buffer }>;
  requests: S3Request[];
  close: () => Promise<void>;
};

export async function startS3Server(): Promise<TestS3Server> {
  const bucket = 'keyturn-images';
  const region = 'eu-central-1';
  const accessKeyId = 'AKIDKEYTURNTEST';
  const secretAccessKey = 'test-secret-access-key/for-keyturn';
  const objects = new Map<string, { contentType: string; body: Buffer }>();
  const requests: S3Request[] = [];

  const verify = (req: http.IncomingMessage, body: Buffer): boolean => {
    const authorization = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(
        authorization,
      );
    if (!match || match[1] !== accessKeyId || match[3] !== region) return false;
    const payloadHash = req.headers['x-amz-content-sha256'];
    if (payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
    const headers: Record<string, string> = {};
    for (const name of match[4]!.split(';')) headers[name] = String(req.headers[name] ?? '');
    const resigned = aws4.sign(
      { host: headers.host, method: req.method, path: req.url, headers, service: 's3', region },
      { accessKeyId, secretAccessKey },
    );
    return resigned.headers?.Authorization === authorization;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const signed = verify(req, body);
      const contentType = req.headers['content-type'];
      requests.push({ method: req.method ?? '', path: req.url ?? '', contentType, signed });
      const xml = (status: number, code: string) =>
        res
          .writeHead(status, { 'content-type': 'application/xml' })
          .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      if (!signed) return xml(403, 'SignatureDoesNotMatch');
      const prefix = `/${bucket}/`;
      if (!req.url?.startsWith(prefix)) return xml(404, 'NoSuchBucket');
      const key = decodeURIComponent(req.url.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, { contentType: contentType ?? 'binary/octet-stream', body });
        return res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      }
      const object = objects.get(key);
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!object) return req.method === 'HEAD' ? res.writeHead(404).end() : xml(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        return res.end(req.method === 'GET' ? object.body : undefined);
      }
      return xml(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
