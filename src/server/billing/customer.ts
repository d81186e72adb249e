/** The customer a billing action is for: who they are, and the workspace whose orders they act on. */
export interface Customer {
  id: string;
  email: string;
  workspaceId: string;
}
