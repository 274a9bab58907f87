import { s3ProblemOf } from './s3-objects';

const settings = { bucket: 'stock', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true };

describe('s3ProblemOf', () => {
  it('says in one line what is wrong with the bucket, whatever the SDK threw', () => {
    const withStatus = (name: string, status: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
    expect(s3ProblemOf(withStatus('NotFound', 404), settings)).toBe('The S3 bucket "stock" does not exist at http://minio:9000');
    expect(s3ProblemOf(withStatus('Forbidden', 403), settings)).toBe(
      'The S3 store at http://minio:9000 refused the credentials for bucket "stock" (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    );
    expect(s3ProblemOf(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:9000'), { code: 'ECONNREFUSED' }), settings)).toBe(
      'The S3 store at http://minio:9000 cannot be reached (ECONNREFUSED)',
    );
    expect(s3ProblemOf(new Error('AWS SDK error wrapper for Error: getaddrinfo ENOTFOUND minio'), settings)).toBe(
      'The S3 store at http://minio:9000 cannot be reached (ENOTFOUND)',
    );
    expect(s3ProblemOf(Object.assign(new Error('Could not load credentials'), { name: 'CredentialsProviderError' }), settings)).toBe(
      'No S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
    expect(s3ProblemOf(withStatus('SlowDown', 503), { ...settings, endpoint: undefined })).toBe('The S3 bucket "stock" cannot be used (SlowDown)');
  });
});
