import { Menu, MenuItem } from '@blueprintjs/core';
import { MenuPopover } from '../../../components/MenuPopover';
import { BULK_ACTIONS, BulkActionsButton, type BulkActionsMenuProps } from './ProductSelectionBar';

/** A phone's menu of the selection's actions (its stand-in in ProductSelectionBar until pressed). */
export default function BulkActionsPopover({ disabled, busy, enabled, onAction }: BulkActionsMenuProps) {
  return (
    <MenuPopover
      placement="bottom-start"
      disabled={disabled}
      content={
        <Menu aria-label="Actions on the selected products">
          {BULK_ACTIONS.map((action) => (
            <MenuItem key={action.kind} text={action.text} icon={action.icon} disabled={!enabled(action.kind)} onClick={() => onAction(action.kind)} />
          ))}
        </Menu>
      }
      renderButton={(button) => <BulkActionsButton {...button} disabled={disabled} busy={busy} />}
    />
  );
}
