import { survivePgBossCompletionsDuringOutages } from './job-runner';

describe('a rejection nobody awaits', () => {
  const listener = () => {
    survivePgBossCompletionsDuringOutages();
    survivePgBossCompletionsDuringOutages();
    const listeners = process.listeners('unhandledRejection');
    return listeners[listeners.length - 1] as (reason: unknown, promise: Promise<unknown>) => void;
  };

  it('is installed once however often the jobs start', () => {
    const before = process.listeners('unhandledRejection').length;
    listener();
    listener();
    expect(process.listeners('unhandledRejection').length).toBeLessThanOrEqual(before + 1);
  });

  it("is survived when it is the database going away under pg-boss's completion of a job", () => {
    const terminated = new Error('Connection terminated unexpectedly');
    expect(() => listener()(terminated, Promise.resolve())).not.toThrow();
    expect(() => listener()(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), Promise.resolve())).not.toThrow();
  });

  it('still ends the process for anything else: the error is thrown on', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(() => listener()(bug, Promise.resolve())).toThrow(bug);
  });
});
