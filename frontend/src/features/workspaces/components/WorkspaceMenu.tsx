import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { AddIcon, PeopleIcon, ShieldIcon, TickIcon } from '@blueprintjs/icons';
import type { MouseEvent } from 'react';
import { MenuPopover } from '../../../components/MenuPopover';
import type { WorkspaceSummary } from '../../../lib/workspace';
import { workspaceMembersPath } from '../urls';
import { WorkspaceMenuButton } from './WorkspaceMenuButton';
import '../workspaces.css';

/** Said of a workspace whose owners require a second factor the caller has not set up: choosing it leads to the page that says how. */
export const NEEDS_SECOND_FACTOR = 'Needs two-factor authentication';

export interface WorkspaceMenuProps {
  current: WorkspaceSummary | undefined;
  workspaces: readonly WorkspaceSummary[];
  compact: boolean;
  onSwitch(workspaceId: string): void;
  onCreate(): void;
  onNavigate(path: string): void;
}

/**
 * The header's workspace menu: your workspaces with your role in each (and a
 * shield on those that keep you out until you set up a second factor), a new
 * one, and the members page.
 */
export function WorkspaceMenu({ current, workspaces, compact, onSwitch, onCreate, onNavigate }: WorkspaceMenuProps) {
  const content = (
    <Menu aria-label="Workspaces" className="workspace-menu">
      {workspaces.map((workspace) => (
        <MenuItem
          key={workspace.id}
          role="menuitemradio"
          aria-checked={workspace.id === current?.id}
          icon={workspace.id === current?.id ? <TickIcon /> : 'blank'}
          text={workspace.name}
          label={workspace.needsSecondFactor ? undefined : workspace.role}
          labelElement={
            workspace.needsSecondFactor && (
              <span className="workspace-menu__label" title={NEEDS_SECOND_FACTOR}>
                <ShieldIcon className="workspace-menu__needs-factor" aria-hidden />
                <span className="visually-hidden">{NEEDS_SECOND_FACTOR}, </span>
                {workspace.role}
              </span>
            )
          }
          onClick={() => workspace.id !== current?.id && onSwitch(workspace.id)}
        />
      ))}
      <MenuDivider />
      <MenuItem icon={<AddIcon />} text="New workspace…" onClick={onCreate} />
      <MenuItem
        icon={<PeopleIcon />}
        text="Members"
        href={workspaceMembersPath}
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          onNavigate(workspaceMembersPath);
        }}
      />
    </Menu>
  );
  return (
    <MenuPopover
      content={content}
      placement="bottom-start"
      className="workspace-menu__popover"
      renderButton={(button) => <WorkspaceMenuButton {...button} name={current?.name ?? 'Workspace'} role={current?.role ?? ''} compact={compact} />}
    />
  );
}
