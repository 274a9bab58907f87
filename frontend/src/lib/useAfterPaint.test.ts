import { afterPaint } from './useAfterPaint';

/**
 * afterPaint's turns: works queued after the same paint start in turn order, each in a task of its
 * own, so the requests and renders they start never add up to one long task.
 */
describe('afterPaint', () => {
  const tasks: Array<() => void> = [];
  const frames: Array<() => void> = [];
  /** The task running now, counted from the first after the frames. */
  let current = -1;
  /** Runs the queued tasks one at a time, as the browser would, noting which task each work ran in. */
  const runTasks = () => {
    for (let task = 0; tasks.length > 0; task += 1) {
      current = task;
      tasks.shift()!();
    }
  };
  const paintFrame = () => frames.splice(0).forEach((frame) => frame());

  beforeEach(() => {
    tasks.length = 0;
    frames.length = 0;
    Object.assign(globalThis, {
      window: { setTimeout: (work: () => void) => tasks.push(work), clearTimeout: () => undefined },
      requestAnimationFrame: (frame: () => void) => frames.push(frame),
      cancelAnimationFrame: () => undefined,
    });
  });

  it('runs nothing before two frames have been painted', () => {
    const ran: string[] = [];
    afterPaint(() => ran.push('work'));
    paintFrame();
    runTasks();
    expect(ran).toEqual([]);
    paintFrame();
    runTasks();
    expect(ran).toEqual(['work']);
  });

  it('runs works of later turns in later tasks, whatever order they were asked in', () => {
    const ranIn: Record<string, number> = {};
    for (const [name, turn] of [['chart', 3], ['levels', 0], ['history', 2], ['choices', 1]] as const) afterPaint(() => (ranIn[name] = current), turn);
    paintFrame();
    paintFrame();
    runTasks();
    expect(Object.keys(ranIn).sort((a, b) => ranIn[a] - ranIn[b])).toEqual(['levels', 'choices', 'history', 'chart']);
    expect(new Set(Object.values(ranIn)).size).toBe(4);
  });
});
