import { useEffect, useState } from 'react';

/**
 * Runs `work` once what has just been rendered has reached the screen: a frame's callback runs
 * just before that frame is painted, the next frame's once it has been shown, and a task queued
 * from there runs after both. `turn` queues that many tasks more first, so that works after the
 * same paint start one per task (each with the render it causes) rather than all in one long
 * task. Returns a function that cancels it.
 */
export function afterPaint(work: () => void, turn = 0): () => void {
  let timer: number | undefined;
  const inTurn = (left: number) => {
    timer = window.setTimeout(() => (left === 0 ? work() : inTurn(left - 1)));
  };
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => inTurn(turn));
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * True once what rendered with `ready` has reached the screen (two frames, then a task, later;
 * `turn` tasks later still, see afterPaint). Work that can wait, such as a second request or a
 * chart, then starts after the page has been painted instead of holding that paint up on a slow
 * phone.
 */
export function useAfterPaint(ready: boolean, turn = 0): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready) {
      setPainted(false);
      return undefined;
    }
    return afterPaint(() => setPainted(true), turn);
  }, [ready, turn]);
  return ready && painted;
}
