/** The address of one transfer, and of its steps under it. */
export function transferPath(id: string): string {
  return `/api/v1/transfers/${encodeURIComponent(id)}`;
}
