/** The keys that open the quick search, apart from the dialog's code: every signed-in page listens for them. */

/** The parts of an element that say whether it takes text (read by shape, so any element of any frame answers). */
interface MaybeField {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

const NON_TEXT_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image'];

/** Typing in a field: `/` is then a character, not the shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (target === null || typeof target !== 'object') return false;
  const { tagName = '', type = '', isContentEditable = false } = target as MaybeField;
  if (isContentEditable) return true;
  switch (tagName.toUpperCase()) {
    case 'TEXTAREA':
    case 'SELECT':
      return true;
    case 'INPUT':
      return !NON_TEXT_INPUTS.includes(type.toLowerCase());
    default:
      return false;
  }
}

type ShortcutKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target'>;

/** Ctrl+K or Cmd+K anywhere; `/` when not typing in a field. */
export function isQuickSearchShortcut(event: ShortcutKey): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
}
