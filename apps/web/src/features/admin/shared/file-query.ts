import { queryOptions } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api';

/**
 * A file staff look at (a proof of payment, a proposal's evidence), fetched as a blob with the
 * session cookie. The server audits every fetch and forbids caching, so it is read once per
 * visit to the page: never again in the background (no staleness, no refetch on focus), and
 * dropped on leaving.
 */
export function auditedFileQuery(queryKey: readonly unknown[], url: string) {
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<Blob> => {
      let response: Response;
      let blob: Blob;
      try {
        response = await fetch(url, { credentials: 'same-origin' });
        blob = await response.blob();
      } catch {
        throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
      }
      if (!response.ok) {
        let problem: unknown;
        try {
          problem = JSON.parse(await blob.text());
        } catch {
          problem = undefined;
        }
        throw ApiError.fromProblem(response.status, problem);
      }
      return blob;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
