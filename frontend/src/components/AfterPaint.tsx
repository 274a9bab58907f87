import type { ReactNode } from 'react';
import { useAfterPaint } from '../lib/useAfterPaint';

export interface AfterPaintProps {
  /** Drawn once what was rendered with this component's first render has reached the screen. */
  children: ReactNode;
  /** Drawn until then. */
  fallback: ReactNode;
}

/**
 * Holds back part of a page (a chart, say) until the rest has been painted, in state of its own:
 * when the moment comes only this part renders, not the page around it.
 */
export function AfterPaint({ children, fallback }: AfterPaintProps) {
  return useAfterPaint(true) ? children : fallback;
}
