import { Text as BlueprintText } from '@blueprintjs/core/lib/cjs/components/text/text';
import type { TextProps } from '@blueprintjs/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Text } from './overflow-title-text';

const both = (props: TextProps) => ({
  ours: renderToStaticMarkup(createElement(Text, props)),
  blueprint: renderToStaticMarkup(createElement(BlueprintText, props)),
});

describe("Blueprint's Text, measuring only when it ellipsizes", () => {
  it.each<[string, TextProps]>([
    ['a button text', { tagName: 'span', className: 'bp6-button-text', children: ['Delete', ' ', 'Desk lamp'] }],
    ['the defaults', { children: 'Plain' }],
    ['an ellipsized text', { ellipsize: true, className: 'bp6-fill', children: 'A long menu item name' }],
    ['a given title', { ellipsize: true, title: 'Given', children: 'Titled' }],
    ['other attributes', { tagName: 'p', id: 'x', 'aria-hidden': true, style: { color: 'red' }, children: <b>Bold</b> }],
    ['no class at all', { tagName: 'span', children: 'x' }],
  ])('draws the same markup as Blueprint’s for %s', (_case, props) => {
    const { ours, blueprint } = both(props);
    expect(ours).toBe(blueprint);
  });

  it('keeps Blueprint’s display name', () => {
    expect(Text.displayName).toBe(BlueprintText.displayName);
  });
});
