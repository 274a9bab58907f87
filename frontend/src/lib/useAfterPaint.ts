import { useEffect, useState } from 'react';

/**
 * Runs `work` once what has just been rendered has reached the screen: a frame's callback runs
 * just before that frame is painted, the next frame's once it has been shown, and a task queued
 * from there runs after both. Returns a function that cancels it.
 */
export function afterPaint(work: () => void): () => void {
  let timer: number | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = window.setTimeout(work);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * True once what rendered with `ready` has reached the screen (two frames, then a task, later).
 * Work that can wait, such as a second request or a chart, then starts after the page has
 * been painted instead of holding that paint up on a slow phone.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready) {
      setPainted(false);
      return undefined;
    }
    return afterPaint(() => setPainted(true));
  }, [ready]);
  return ready && painted;
}
