import { OverlayToaster, type Toaster } from '@blueprintjs/core';

/** Blueprint's toaster, in a module of its own: its overlay code is fetched with the first toast, not with every page. */
export const createToaster = (container: HTMLElement): Promise<Toaster> => OverlayToaster.create({ position: 'top', maxToasts: 3 }, { container });
