import { rememberedCheck } from './remembered-check';

/** A store check that counts its calls and passes or fails as told. */
function countingCheck() {
  const state = { calls: 0, failing: false };
  return {
    state,
    check: {
      check: async () => {
        state.calls += 1;
        if (state.failing) throw new Error('The S3 bucket "images" does not exist');
      },
    },
  };
}

describe('rememberedCheck', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 0;
  });

  it('asks the store once while a passed check stands, and again after it', async () => {
    const { state, check } = countingCheck();
    const remembered = rememberedCheck(check, { passedForMs: 10_000, failedForMs: 1_000, now });
    await Promise.all([remembered.check(), remembered.check(), remembered.check()]);
    clock = 9_999;
    await remembered.check();
    expect(state.calls).toBe(1);
    clock = 10_000;
    await remembered.check();
    expect(state.calls).toBe(2);
  });

  it('keeps a failure only briefly, with its reason, and sees the store back at once after that', async () => {
    const { state, check } = countingCheck();
    const remembered = rememberedCheck(check, { passedForMs: 10_000, failedForMs: 1_000, now });
    state.failing = true;
    await expect(remembered.check()).rejects.toThrow('The S3 bucket "images" does not exist');
    clock = 999;
    await expect(remembered.check()).rejects.toThrow('does not exist');
    expect(state.calls).toBe(1);
    state.failing = false;
    clock = 1_000;
    await expect(remembered.check()).resolves.toBeUndefined();
    expect(state.calls).toBe(2);
  });
});
