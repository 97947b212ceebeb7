import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api';

/**
 * What a refused second factor means: a 401 (too many wrong codes, or the ten minutes are up)
 * ends this sign-in, so it starts again at the password with the server's reason; anything else
 * is said on the page. Returns the words to show, or null when leaving.
 */
export function useCodeRefusal() {
  const navigate = useNavigate();
  return (error: unknown): string | null => {
    if (error instanceof ApiError && error.status === 401) {
      void navigate('/auth/signin', {
        replace: true,
        state: { notice: errorMessage(error, 'Please sign in again.') },
      });
      return null;
    }
    return errorMessage(error);
  };
}
