import { cameraProblemOf } from './camera-error';

const failure = (name: string) => Object.assign(new Error('camera'), { name });

describe('cameraProblemOf', () => {
  it('tells a refusal, a missing camera and any other failure apart', () => {
    expect(cameraProblemOf(failure('NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(failure('SecurityError'))).toBe('denied');
    expect(cameraProblemOf(failure('NotFoundError'))).toBe('noCamera');
    expect(cameraProblemOf(failure('OverconstrainedError'))).toBe('noCamera');
    expect(cameraProblemOf(failure('NotReadableError'))).toBe('failed');
    expect(cameraProblemOf('not an error')).toBe('failed');
  });
});
