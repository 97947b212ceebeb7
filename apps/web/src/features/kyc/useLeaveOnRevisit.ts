import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signoutQuietly } from '../../lib/signout';

/**
 * The under-review page's rule: reached through the flow (`arrived`), it stays and forgets the
 * mark, so a reload or a return by the back button finds none; otherwise it is a revisit,
 * which signs out and goes to the site root.
 */
export function useLeaveOnRevisit(arrived: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    if (arrived) {
      void navigate(pathname, { replace: true, state: null });
      return;
    }
    let left = false;
    void signoutQuietly().then(() => {
      if (left) return;
      queryClient.removeQueries();
      void navigate('/', { replace: true });
    });
    return () => {
      left = true;
    };
  }, [arrived, navigate, pathname, queryClient]);
}
