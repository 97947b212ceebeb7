import { personName } from '@bank/contract';
import type { StaffCustomer } from '@bank/contract';
import { useId } from 'react';
import { FreezeAction } from './FreezeAction';
import { MessageAction } from './MessageAction';
import { ReasonAction } from './ReasonAction';
import { RestrictionAction } from './RestrictionAction';

/**
 * What staff can do on a customer, each with a reason, confirmed, audited: the restriction
 * notice, the freeze, a paused PIN, signing out, a message. Only what applies is offered (lift
 * what is set). Nothing here shows a password, PIN or code, or changes a balance.
 */
export function CustomerActions({
  customer: c,
  onDone,
}: {
  customer: StaffCustomer;
  onDone: (outcome: string) => void;
}) {
  const id = useId();
  const name = personName(c);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="sr-only">
        Actions
      </h2>
      <div className="flex flex-wrap gap-2">
        <RestrictionAction customer={c} onDone={onDone} />
        {c.restriction && (
          <ReasonAction
            customerId={c.id}
            action="restriction/lift"
            button="Lift restriction"
            title="Lift the restriction"
            description={`${name} can sign in again as soon as it is lifted.`}
            confirmation={{
              title: 'Lift the restriction?',
              description: `${name} can sign in again, and is told by email.`,
              label: 'Lift restriction',
            }}
            onDone={onDone}
          />
        )}
        <FreezeAction customer={c} onDone={onDone} />
        {c.freeze && (
          <ReasonAction
            customerId={c.id}
            action="unfreeze"
            button="Unfreeze"
            title="Lift the freeze"
            description="Money moves in and out of the account as usual again."
            confirmation={{
              title: 'Lift the freeze?',
              description: `Payments into and out of the account work again at once, and ${name} is told.`,
              label: 'Unfreeze',
            }}
            onDone={onDone}
          />
        )}
        {c.pin.pausedUntil && (
          <ReasonAction
            customerId={c.id}
            action="pin/unlock"
            button="Lift PIN pause"
            title="Lift the PIN pause"
            description="PIN use was paused after wrong PINs. Lift it only once you are sure you are speaking to the customer."
            confirmation={{
              title: 'Lift the PIN pause?',
              description: `${name} can use their PIN again at once, and is told by email.`,
              label: 'Lift PIN pause',
            }}
            onDone={onDone}
          />
        )}
        <ReasonAction
          customerId={c.id}
          action="sign-out"
          button="Sign out everywhere"
          title="Sign out of every browser"
          description={`Ends every session of ${name}, in every browser.`}
          confirmation={{
            title: 'Sign the customer out everywhere?',
            description: `${name} is signed out of every browser at once, and told by email. They can sign in again.`,
            label: 'Sign out everywhere',
          }}
          onDone={onDone}
        />
        <MessageAction customer={c} onDone={onDone} />
      </div>
    </section>
  );
}
