import { sharedBuffersMegabytes } from './embedded-postgres';

const GiB = 1024 ** 3;

describe("the embedded PostgreSQL's shared buffers", () => {
  it('are a quarter of the memory of a small server', () => {
    expect(sharedBuffersMegabytes(2 * GiB)).toBe(512);
    expect(sharedBuffersMegabytes(3 * GiB)).toBe(768);
  });

  it("never fall under PostgreSQL's own 128 MB, nor pass 1 GB on a large machine", () => {
    expect(sharedBuffersMegabytes(256 * 1024 ** 2)).toBe(128);
    expect(sharedBuffersMegabytes(24 * GiB)).toBe(1024);
  });
});
