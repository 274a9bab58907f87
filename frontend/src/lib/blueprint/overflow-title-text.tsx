import type { TextProps } from '@blueprintjs/core';
import { TEXT_OVERFLOW_ELLIPSIS } from '@blueprintjs/core/lib/esm/common/classes';
import { mergeRefs } from '@blueprintjs/core/lib/esm/common/refs';
import { createElement, forwardRef, useEffect, useMemo, useRef, useState, type ForwardedRef } from 'react';
import { afterPaint } from '../useAfterPaint';

/**
 * Blueprint's `Text` (the text of every Button, MenuItem and Tag), drawing the same element, that
 * measures itself only when it can use the measure. Blueprint's own sets its state from a layout
 * effect on every mount (the text, and whether it overflows), even when it does not ellipsize and
 * so never shows that state: each button then renders twice, the second time synchronously in the
 * commit that mounted it, and a page of 25 products has over a hundred of them in its first render.
 * This one keeps only the title an ellipsized, overflowing text gets, and sets it when it changes
 * (the fix proposed upstream in palantir/blueprint#8234); it measures once the page is painted,
 * since a title shows only on hover, where Blueprint's measure (a tag's, say) made the browser lay
 * the new page out inside the commit, before its paint. vite.config.ts points Blueprint's own
 * imports of its Text here; overflow-title-text.test.tsx checks that both draw the same markup.
 */
export const Text = forwardRef(function Text({ children, tagName = 'div', title, className, ellipsize = false, ...htmlProps }: TextProps, forwardedRef: ForwardedRef<HTMLElement>) {
  const element = useRef<HTMLElement | null>(null);
  const setRef = useMemo(() => mergeRefs(element, forwardedRef), [forwardedRef]);
  // The full text, as a title, while an ellipsized text overflows; a title given by the caller wins.
  const [overflowTitle, setOverflowTitle] = useState<string | undefined>(undefined);
  const measures = ellipsize && title === undefined;
  useEffect(() => {
    if (!measures) return undefined;
    // Once painted, the page is laid out and reading a width costs nothing.
    return afterPaint(() => {
      const node = element.current;
      // Same value, no render: React bails out of a state set to what it already is.
      if (node) setOverflowTitle(node.scrollWidth > node.clientWidth ? (node.textContent ?? undefined) : undefined);
    });
  }, [measures, children]);
  return createElement(
    tagName,
    {
      ...htmlProps,
      className: [ellipsize && TEXT_OVERFLOW_ELLIPSIS, className].filter(Boolean).join(' '),
      ref: setRef,
      title: title ?? (measures ? overflowTitle : undefined),
    },
    children,
  );
});
Text.displayName = 'Blueprint6.Text';
