/** The `X-Workspace-Id` header as compared with ids: trimmed and lower-cased; undefined when it was not sent. */
export const workspaceHeaderOf = (header: string | undefined): string | undefined => header?.trim().toLowerCase();
