import { useWorkspaceCreateMutation } from '@stockroom/schema/generated/hooks';
import { lazy, Suspense, useState } from 'react';
import { DeferredMenu } from '../../../components/DeferredMenu';
import { extractErrorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toaster';
import { useWorkspace } from '../../../lib/workspace';
import type { WorkspaceMenuProps } from './WorkspaceMenu';
import { WorkspaceMenuButton } from './WorkspaceMenuButton';

const loadWorkspaceMenu = () => import('./WorkspaceMenu').then((module) => module.WorkspaceMenu);
const WorkspaceNameDialog = lazy(() => import('./WorkspaceNameDialog').then((module) => ({ default: module.WorkspaceNameDialog })));

export type WorkspaceSwitcherProps = Pick<WorkspaceMenuProps, 'compact' | 'onNavigate'>;

/** The header's workspace switcher: the menu (its code fetched after the first view) and the new workspace dialog. */
export function WorkspaceSwitcher({ compact, onNavigate }: WorkspaceSwitcherProps) {
  const { current, workspaces, switchTo, refresh } = useWorkspace();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string>();
  const [createWorkspace] = useWorkspaceCreateMutation();

  const create = async (name: string) => {
    try {
      const { data } = await createWorkspace({ variables: { input: { name } } });
      setCreating(false);
      setError(undefined);
      await refresh();
      if (data?.createWorkspace) {
        await switchTo(data.createWorkspace.id);
        toast.success(`Workspace "${data.createWorkspace.name}" created`);
      }
    } catch (failure) {
      setError(extractErrorMessage(failure));
    }
  };

  const menuProps: WorkspaceMenuProps = {
    current,
    workspaces,
    compact,
    onNavigate,
    onSwitch: (id) => void switchTo(id),
    onCreate: () => setCreating(true),
  };
  return (
    <>
      <DeferredMenu
        load={loadWorkspaceMenu}
        className="workspace-menu__popover"
        menuProps={menuProps}
        renderStandIn={(standIn) => <WorkspaceMenuButton {...standIn} name={current?.name ?? 'Workspace'} role={current?.role ?? ''} compact={compact} />}
      />
      {creating && (
        <Suspense fallback={null}>
          <WorkspaceNameDialog
            isOpen
            title="New workspace"
            submitText="Create"
            error={error}
            onSubmit={create}
            onClose={() => {
              setCreating(false);
              setError(undefined);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
