import { matchingPages, productItems, productSearchInput } from './quick-search-items';
import { isQuickSearchShortcut, isTypingTarget } from './shortcut';

/** An element by its shape: the unit tests run without a DOM. */
const element = (shape: { tagName: string; type?: string; isContentEditable?: boolean }) => shape as unknown as EventTarget;

describe('quick search items', () => {
  it('lists every page for no text, Admin only for admins', () => {
    expect(matchingPages('', false).map((page) => page.label)).toEqual(['Dashboard', 'Products', 'New product', 'Locations', 'Stock counts', 'Members', 'Profile', 'Help']);
    expect(matchingPages('  ', true).map((page) => page.label)).toEqual(['Dashboard', 'Products', 'New product', 'Locations', 'Stock counts', 'Members', 'Profile', 'Help', 'Admin']);
  });

  it('filters the pages by their name or what they are for, ignoring case', () => {
    expect(matchingPages('PRO', false).map((page) => page.label)).toEqual(['Products', 'New product', 'Profile']);
    expect(matchingPages('add', false)).toEqual([{ key: 'page:/products/new', kind: 'page', label: 'New product', path: '/products/new' }]);
    expect(matchingPages('admin', false)).toEqual([]);
    expect(matchingPages('admin', true).map((page) => page.path)).toEqual(['/admin']);
    expect(matchingPages('shelf', false).map((page) => page.path)).toEqual(['/locations']);
    expect(matchingPages('invite', false).map((page) => page.path)).toEqual(['/workspace/members']);
    expect(matchingPages('stocktake', false).map((page) => page.path)).toEqual(['/stock-counts']);
  });

  it('asks the product list for a trimmed search of at most the rule’s length, and nothing for no text', () => {
    expect(productSearchInput('   ')).toBeNull();
    expect(productSearchInput(' lamp ')).toEqual({ search: 'lamp', limit: 8 });
    expect(productSearchInput('é'.repeat(150))?.search).toBe('é'.repeat(100));
    expect(productSearchInput('🔧'.repeat(101))?.search).toBe('🔧'.repeat(100));
  });

  it('shows a product with its SKU, category and stock, linking to its page', () => {
    expect(productItems([{ id: 'a b', name: 'Lamp', sku: 'LMP-01', category: 'Home', quantity: 0 }, { id: 'p2', name: 'Desk', sku: null, category: 'Office', quantity: 3 }])).toEqual([
      { key: 'product:a b', kind: 'product', label: 'Lamp', detail: 'LMP-01 · Home · Out of stock', path: '/products/a%20b' },
      { key: 'product:p2', kind: 'product', label: 'Desk', detail: 'Office · 3 in stock', path: '/products/p2' },
    ]);
  });

  it('opens on Ctrl+K or Cmd+K anywhere and on / outside a text field', () => {
    const key = (init: Partial<Parameters<typeof isQuickSearchShortcut>[0]>) =>
      isQuickSearchShortcut({ key: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: element({ tagName: 'BODY' }), ...init });
    const input = element({ tagName: 'INPUT', type: 'text' });
    const checkbox = element({ tagName: 'INPUT', type: 'checkbox' });
    const textarea = element({ tagName: 'TEXTAREA', type: 'textarea' });
    const editable = element({ tagName: 'DIV', isContentEditable: true });
    expect(key({ key: 'k', ctrlKey: true })).toBe(true);
    expect(key({ key: 'K', metaKey: true })).toBe(true);
    expect(key({ key: 'k', ctrlKey: true, target: input })).toBe(true);
    expect(key({ key: 'k', ctrlKey: true, shiftKey: true })).toBe(false);
    expect(key({ key: 'k' })).toBe(false);
    expect(key({ key: '/' })).toBe(true);
    expect(key({ key: '/', target: checkbox })).toBe(true);
    expect(key({ key: '/', target: input })).toBe(false);
    expect(key({ key: '/', target: textarea })).toBe(false);
    expect(key({ key: '/', target: editable })).toBe(false);
    expect(key({ key: '/', ctrlKey: true })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
