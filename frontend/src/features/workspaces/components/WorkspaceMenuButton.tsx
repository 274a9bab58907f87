import { Button, type ButtonProps } from '@blueprintjs/core';
import { ChevronDownIcon, OfficeIcon } from '@blueprintjs/icons';
import { forwardRef } from 'react';

export interface WorkspaceMenuButtonProps extends Omit<ButtonProps, 'children' | 'variant' | 'endIcon'> {
  name: string;
  role: string;
  compact: boolean;
}

/** The header's workspace button: the name and your role; on a phone an icon, the name read but not shown. */
export const WorkspaceMenuButton = forwardRef<HTMLButtonElement, WorkspaceMenuButtonProps>(function WorkspaceMenuButton(
  { name, role, compact, className, ...buttonProps },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="minimal"
      className={className ? `workspace-menu__target ${className}` : 'workspace-menu__target'}
      icon={<OfficeIcon />}
      endIcon={compact ? undefined : <ChevronDownIcon />}
      {...buttonProps}
    >
      <span className="visually-hidden">Workspace: </span>
      <span className={compact ? 'visually-hidden' : 'workspace-menu__name'}>{name}</span>
      <span className={compact ? 'visually-hidden' : 'workspace-menu__role'}>
        <span className="visually-hidden">, your role </span>
        {role}
      </span>
    </Button>
  );
});
