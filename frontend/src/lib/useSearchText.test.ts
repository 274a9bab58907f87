import { onCommittedChange } from './useSearchText';

describe('the search box when the committed term changes', () => {
  it('keeps a keystroke typed after its own commit left, when that commit comes back', () => {
    // "p" was committed, "r" typed before the URL followed.
    expect(onCommittedChange('pr', 'p', ['p'])).toEqual({ text: 'pr', dropPending: false });
  });

  it('keeps the text when an older commit of its own comes back after a newer one left', () => {
    expect(onCommittedChange('pro', 'p', ['p', 'pr'])).toEqual({ text: 'pro', dropPending: false });
  });

  it('shows a term set elsewhere (back button, Clear Filters) and drops a pending commit', () => {
    expect(onCommittedChange('pr', 'drill', ['p'])).toEqual({ text: 'drill', dropPending: true });
    expect(onCommittedChange('pr', '', [])).toEqual({ text: '', dropPending: true });
  });

  it('keeps the spaces the user typed around a term that is already committed', () => {
    expect(onCommittedChange(' pro ', 'pro', [])).toEqual({ text: ' pro ', dropPending: true });
  });
});
