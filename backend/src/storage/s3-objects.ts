import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { S3Settings } from '../config/config';
import { Readable } from 'node:stream';
import { SINGLE_BYTE_RANGE, type ByteRange } from './byte-range';
import type { UploadObjects } from './upload-objects';

/** How long reaching the store may take before a request (or the start-up check) gives up on it. */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Failures to reach the store; the SDK may carry the code only in its message ("AWS SDK error wrapper for Error: connect ECONNREFUSED ..."). */
const NETWORK_FAILURE = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|TimeoutError)\b/;

interface AwsError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as AwsError)?.$metadata?.httpStatusCode;

/** The one line an operator needs when the bucket cannot be used, instead of the SDK's stack. */
export function s3ProblemOf(error: unknown, { bucket, endpoint }: S3Settings): string {
  const { name = '', code = '', message = '' } = (error ?? {}) as AwsError;
  const where = endpoint ? ` at ${endpoint}` : '';
  if (name === 'CredentialsProviderError') return 'No S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY';
  const network = `${code} ${name} ${message}`.match(NETWORK_FAILURE)?.[1];
  if (network) return `The S3 store${where} cannot be reached (${network})`;
  const status = statusOf(error);
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') return `The S3 bucket "${bucket}" does not exist${where}`;
  if (status === 403 || status === 401 || name === 'Forbidden' || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') {
    return `The S3 store${where} refused the credentials for bucket "${bucket}" (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)`;
  }
  return `The S3 bucket "${bucket}"${where} cannot be used (${name || code || status || 'unknown error'})`;
}

/** The part and whole size an S3 answer's Content-Range ("bytes 0-99/2048") names; undefined for a whole object. */
function rangeOf(contentRange: string | undefined): { range: ByteRange; size: number } | undefined {
  const match = contentRange?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
  return match ? { range: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) } : undefined;
}

/** Uploads in an S3-compatible bucket, under their own names: every instance on the bucket serves every upload. */
export function s3Objects(settings: S3Settings): UploadObjects {
  const { bucket, region, endpoint, forcePathStyle, credentials } = settings;
  const config: S3ClientConfig = {
    region,
    endpoint,
    forcePathStyle,
    credentials,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    // Checksums only where S3 demands them: the default streams a body with trailing checksums, which not every S3-compatible store takes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  const client = new S3Client(config);

  return {
    description: `S3 bucket ${bucket}${endpoint ? ` at ${endpoint}` : ''}`,

    async put(name, path, contentType) {
      const { size } = await stat(path);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: name, Body: createReadStream(path), ContentLength: size, ContentType: contentType }),
      );
    },

    async get(name, rangeHeader) {
      // Only a single bytes range is passed on; for anything else the whole object is read, as HTTP allows.
      const Range = rangeHeader && SINGLE_BYTE_RANGE.test(rangeHeader) ? rangeHeader : undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name, Range }));
        const served = rangeOf(object.ContentRange);
        return {
          body: object.Body as Readable,
          size: served?.size ?? object.ContentLength ?? 0,
          range: served?.range,
          etag: object.ETag ?? `"${name}"`,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (statusOf(error) === 404 || (error as AwsError)?.name === 'NoSuchKey') return undefined;
        if (!Range || (statusOf(error) !== 416 && (error as AwsError)?.name !== 'InvalidRange')) throw error;
        // Past the end: the answer names the size (bytes */size), which only the object's head tells.
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: name }));
        return {
          body: Readable.from([]),
          size: head.ContentLength ?? 0,
          range: 'unsatisfiable',
          etag: head.ETag ?? `"${name}"`,
          modifiedAt: head.LastModified ?? new Date(0),
        };
      }
    },

    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));
    },

    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { name: object.Key, modifiedAt: object.LastModified?.getTime() ?? Date.now() };
        }
      }
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new Error(s3ProblemOf(error, settings));
      }
    },
  };
}
