import { Intent } from '@blueprintjs/core';
import {
  AddIcon,
  BanCircleIcon,
  BoxIcon,
  EditIcon,
  ExchangeIcon,
  HistoryIcon,
  KeyIcon,
  LogInIcon,
  NewPersonIcon,
  PersonIcon,
  ShieldIcon,
  SwapHorizontalIcon,
  ImportIcon,
  TrashIcon,
  UndoIcon,
  WarningSignIcon,
  type SVGIconProps,
} from '@blueprintjs/icons';
import type { ComponentType } from 'react';

/**
 * The server names Blueprint icons (activity and feature highlights). They
 * are imported as components rather than rendered by name, so no icon-path
 * chunk is fetched at run time; an unknown name falls back to a neutral icon.
 */
const ICONS: Readonly<Record<string, ComponentType<SVGIconProps>>> = {
  'new-person': NewPersonIcon,
  'log-in': LogInIcon,
  add: AddIcon,
  edit: EditIcon,
  trash: TrashIcon,
  undo: UndoIcon,
  import: ImportIcon,
  exchange: ExchangeIcon,
  'swap-horizontal': SwapHorizontalIcon,
  person: PersonIcon,
  key: KeyIcon,
  box: BoxIcon,
  shield: ShieldIcon,
  'warning-sign': WarningSignIcon,
  'ban-circle': BanCircleIcon,
};

export const FALLBACK_ICON: ComponentType<SVGIconProps> = HistoryIcon;

export function iconFor(name: string): ComponentType<SVGIconProps> {
  return Object.hasOwn(ICONS, name) ? ICONS[name] : FALLBACK_ICON;
}

const INTENTS = new Set<string>(Object.values(Intent));

/** A feature's `actionColor` as a Blueprint intent; anything else is 'none'. */
export function intentFor(color: string): Intent {
  return INTENTS.has(color) ? (color as Intent) : Intent.NONE;
}
