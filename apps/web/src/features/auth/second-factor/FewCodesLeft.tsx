import { TriangleAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { StepHeader } from './StepHeader';

/** Said once signed in, when the recovery codes are running out. */
export function FewCodesLeft({ left }: { left: number }) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-6">
      <StepHeader
        icon={TriangleAlert}
        title="Recovery codes running out"
        heading={
          left === 0
            ? 'No recovery codes left'
            : `${left} recovery code${left === 1 ? '' : 's'} left`
        }
      >
        You are signed in.{' '}
        {left === 0
          ? 'If you lose your phone now, only an administrator can reset your sign-in.'
          : 'Once they are used up, only your authenticator app, or an administrator resetting your sign-in, can get you in.'}
      </StepHeader>
      <Button onClick={() => void navigate('/admin', { replace: true })}>
        Continue to the back office
      </Button>
    </div>
  );
}
