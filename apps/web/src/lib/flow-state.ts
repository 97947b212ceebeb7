/**
 * Router state marking a page as reached through the app's own flow (the under-review page
 * right after submitting, or from sign-in), as opposed to reopened by its address, a reload or
 * the back button.
 */
export const VIA_FLOW = { viaFlow: true } as const;

export function cameViaFlow(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'viaFlow' in state && state.viaFlow === true
  );
}
