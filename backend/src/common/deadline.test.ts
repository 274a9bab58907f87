import { orWhenLate } from './deadline';

describe('orWhenLate', () => {
  it("is the work's value when it settles first, and leaves no timer behind", async () => {
    const late = jest.fn(() => 'late');
    expect(await orWhenLate(Promise.resolve('done'), 1_000, late)).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(late).not.toHaveBeenCalled();
    await expect(orWhenLate(Promise.reject(new Error('broke')), 1_000, late)).rejects.toThrow('broke');
  });

  it("is late()'s value once the time is up, or its error when it throws", async () => {
    const never = new Promise<string>(() => undefined);
    expect(await orWhenLate(never, 10, () => 'down' as const)).toBe('down');
    await expect(
      orWhenLate(never, 10, () => {
        throw new Error('took too long');
      }),
    ).rejects.toThrow('took too long');
  });
});
