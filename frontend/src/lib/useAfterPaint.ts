import { useEffect, useState } from 'react';

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
    // A frame's callback runs just before that frame is painted; the next frame's, once it has
    // been shown. A task queued from there runs after both.
    let timer: number | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => setPainted(true));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready]);
  return ready && painted;
}
