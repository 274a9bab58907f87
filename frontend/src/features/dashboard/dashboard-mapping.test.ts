import { AddIcon, HistoryIcon, NewPersonIcon, ShieldIcon, TrashIcon, LogInIcon } from '@blueprintjs/icons';
import { FALLBACK_ICON, iconFor, intentFor } from './dashboard-mapping';

describe('iconFor', () => {
  it('maps every icon name the server sends to its imported component', () => {
    expect(iconFor('new-person')).toBe(NewPersonIcon);
    expect(iconFor('log-in')).toBe(LogInIcon);
    expect(iconFor('add')).toBe(AddIcon);
    expect(iconFor('trash')).toBe(TrashIcon);
    expect(iconFor('shield')).toBe(ShieldIcon);
    for (const name of ['new-person', 'log-in', 'add', 'edit', 'trash', 'undo', 'exchange', 'swap-horizontal', 'person', 'key', 'box', 'shield', 'warning-sign', 'ban-circle']) {
      expect(iconFor(name)).not.toBe(FALLBACK_ICON);
    }
  });

  it('falls back for an unknown or inherited name', () => {
    expect(iconFor('rocket')).toBe(HistoryIcon);
    expect(iconFor('')).toBe(HistoryIcon);
    expect(iconFor('constructor')).toBe(HistoryIcon);
  });
});

describe('intentFor', () => {
  it('passes Blueprint intents through and turns anything else into none', () => {
    for (const intent of ['primary', 'success', 'warning', 'danger', 'none']) expect(intentFor(intent)).toBe(intent);
    expect(intentFor('purple')).toBe('none');
    expect(intentFor('')).toBe('none');
  });
});
