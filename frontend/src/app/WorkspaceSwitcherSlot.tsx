import { Classes } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { WorkspaceSwitcherProps } from '../features/workspaces/components/WorkspaceSwitcher';
import { WorkspaceMenuButton } from '../features/workspaces/components/WorkspaceMenuButton';
import { useWorkspace } from '../lib/workspace';

type SwitcherModule = typeof import('../features/workspaces/components/WorkspaceSwitcher');

let loaded: SwitcherModule | undefined;

/**
 * Fetches the header's workspace switcher. Only a signed-in header draws it, so the signed-out
 * pages' first load carries none of it; main.tsx fetches it with a signed-in screen's page, whose
 * build-time shell names its script, so that screen's first render draws it at once.
 */
export const preloadWorkspaceSwitcher = () => import('../features/workspaces/components/WorkspaceSwitcher').then((module) => (loaded = module));

/**
 * The header's workspace switcher. Until its code has come (just signed in, a public page of a
 * stored session, the build-time shell) its button stands in as the switcher draws it before its
 * menu loads: the same size, name and role. The code is asked for after that first render, so a
 * page's first render never waits for a script its HTML does not name.
 */
export function WorkspaceSwitcherSlot(props: WorkspaceSwitcherProps) {
  const { current } = useWorkspace();
  const [Switcher, setSwitcher] = useState(() => loaded?.WorkspaceSwitcher);
  useEffect(() => {
    if (Switcher) return;
    let live = true;
    // In a task of its own: React may run this effect in the same task as the render that drew the
    // stand-in (a redirect's render does), and the render should be done before the fetch starts.
    const timer = window.setTimeout(() =>
      preloadWorkspaceSwitcher()
        .then((module) => live && setSwitcher(() => module.WorkspaceSwitcher))
        // Offline: the stand-in stays until the next signed-in render asks again.
        .catch(() => undefined),
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [Switcher]);

  if (Switcher) return <Switcher {...props} />;
  return (
    <span className={`${Classes.POPOVER_TARGET} workspace-menu__popover`}>
      <WorkspaceMenuButton name={current?.name ?? 'Workspace'} role={current?.role ?? ''} compact={props.compact} aria-haspopup="menu" aria-expanded={false} />
    </span>
  );
}
