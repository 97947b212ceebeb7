import {
  changeRolesSchema,
  staffActionReasonSchema,
  type StaffMemberDetail,
  type StaffRole,
  personName,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { linkClass, When } from '../shared/cells';
import { DecisionForm } from '../shared/DecisionPanel';
import { isConflict } from '../shared/outcome';
import { panelClass } from '../shared/panel';
import { useConfirmStep } from '../shared/useConfirmStep';
import { useMemberActions } from './api';
import { RoleChoices, roleLabels } from './RoleChoices';

/** The change waiting in the confirmation dialog; null while it is closed. */
type Asking =
  | { kind: 'roles'; roles: string[]; reason: string }
  | { kind: 'deactivate'; reason: string }
  | { kind: 'reactivate'; reason: string }
  | { kind: 'reset'; reason: string };

const REASON_LABEL = 'Reason (kept in the audit log)';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What an administrator changes about another staff member: their roles, whether they may sign
 * in, and (with a second administrator) their authenticator app. Each needs a reason and is
 * confirmed in a dialog; the page shows what came of it.
 */
export function MemberActions({
  detail,
  roles,
  onDecided,
  onConflict,
}: {
  detail: StaffMemberDetail;
  roles: StaffRole[];
  onDecided: (text: string) => void;
  onConflict: (detail: string) => void;
}) {
  const { member, secondFactorReset } = detail;
  const name = personName(member);
  const actions = useMemberActions(member.id);
  const step = useConfirmStep<Asking>();
  const mutation = {
    roles: actions.changeRoles,
    deactivate: actions.deactivate,
    reactivate: actions.reactivate,
    reset: actions.proposeReset,
  }[step.asking?.kind ?? 'roles'];
  const pending = Object.values(actions).some((m) => m.isPending);

  const rolesForm = useForm({
    resolver: zodResolver(changeRolesSchema),
    defaultValues: { roles: member.roles, reason: '' },
  });
  const accessForm = useForm({
    resolver: zodResolver(staffActionReasonSchema),
    defaultValues: { reason: '' },
  });
  const resetForm = useForm({
    resolver: zodResolver(staffActionReasonSchema),
    defaultValues: { reason: '' },
  });

  const ask = (next: Asking) => {
    for (const m of Object.values(actions)) m.reset();
    step.ask(next);
  };
  const deactivating = member.status === 'active';
  const onRoles = rolesForm.handleSubmit(({ roles: chosen, reason }) =>
    ask({ kind: 'roles', roles: chosen, reason }),
  );
  const onAccess = accessForm.handleSubmit(({ reason }) =>
    ask({ kind: deactivating ? 'deactivate' : 'reactivate', reason }),
  );
  const onReset = resetForm.handleSubmit(({ reason }) => ask({ kind: 'reset', reason }));

  /** A refused field is said on the form it came from, which takes the focus. */
  const refusedField = (error: unknown) => {
    const { roles: rolesError, reason } = fieldErrorsIn(error, ['roles', 'reason']);
    if (step.asking?.kind === 'roles') {
      if (rolesError) {
        rolesForm.setError('roles', { type: 'server', message: rolesError });
        return () => rolesForm.setFocus('roles');
      }
      if (reason) {
        rolesForm.setError('reason', { type: 'server', message: reason });
        return () => rolesForm.setFocus('reason');
      }
      return null;
    }
    if (!reason) return null;
    const form = step.asking?.kind === 'reset' ? resetForm : accessForm;
    form.setError('reason', { type: 'server', message: reason });
    return () => form.setFocus('reason');
  };

  const onConfirm = () => {
    const asking = step.asking;
    if (!asking) return;
    let done: Promise<string>;
    switch (asking.kind) {
      case 'roles':
        done = actions.changeRoles
          .mutateAsync({ roles: asking.roles, reason: asking.reason })
          .then((changed) => {
            rolesForm.reset({ roles: changed.roles, reason: '' });
            return `Roles changed: ${name} is now ${roleLabels(changed.roles, roles)}. Their next request has the new permissions.`;
          });
        break;
      case 'deactivate':
        done = actions.deactivate.mutateAsync(asking.reason).then(() => {
          accessForm.reset({ reason: '' });
          return `${name} is deactivated: every session of theirs has ended, and they cannot sign in.`;
        });
        break;
      case 'reactivate':
        done = actions.reactivate.mutateAsync(asking.reason).then(() => {
          accessForm.reset({ reason: '' });
          return `${name} can sign in again, with the roles they had.`;
        });
        break;
      case 'reset':
        done = actions.proposeReset.mutateAsync(asking.reason).then(({ message }) => {
          resetForm.reset({ reason: '' });
          return message;
        });
        break;
    }
    step.settle(done, { onDone: onDecided, onConflict, refusedField });
  };

  const text = step.asking && dialogText(step.asking, name, member.roles, roles);
  const shownError =
    mutation.error && !isConflict(mutation.error) ? errorMessage(mutation.error) : null;

  return (
    <>
      <Section title="Roles">
        <DecisionForm
          title="Change their roles"
          action="Save roles"
          disabled={pending}
          onSubmit={onRoles}
        >
          <Controller
            control={rolesForm.control}
            name="roles"
            render={({ field, fieldState }) => (
              <RoleChoices
                ref={field.ref}
                roles={roles}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                disabled={pending}
              />
            )}
          />
          <TextAreaField
            label={REASON_LABEL}
            required
            maxLength={500}
            error={rolesForm.formState.errors.reason?.message}
            {...rolesForm.register('reason')}
          />
        </DecisionForm>
      </Section>
      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Access">
          <DecisionForm
            title={deactivating ? 'Deactivate' : 'Reactivate'}
            action={deactivating ? 'Deactivate' : 'Reactivate'}
            secondary={deactivating}
            disabled={pending}
            onSubmit={onAccess}
          >
            <p className="text-sm">
              {deactivating
                ? 'Every session of theirs ends at once, and they cannot sign in until reactivated. Their roles are kept.'
                : 'They can sign in again, with the roles they had.'}
            </p>
            <TextAreaField
              label={REASON_LABEL}
              required
              maxLength={500}
              error={accessForm.formState.errors.reason?.message}
              {...accessForm.register('reason')}
            />
          </DecisionForm>
        </Section>
        <Section title="Authenticator app">
          {secondFactorReset ? (
            <p className={panelClass}>
              A reset proposed by {secondFactorReset.proposedBy.name} waits for a second staff
              administrator until <When iso={secondFactorReset.expiresAt} />.{' '}
              <Link to={`/admin/approvals/${secondFactorReset.approvalId}`} className={linkClass}>
                Open the proposal
              </Link>
            </p>
          ) : member.secondFactor ? (
            <DecisionForm
              title="Reset their authenticator app"
              action="Propose a reset"
              secondary
              disabled={pending}
              onSubmit={onReset}
            >
              <p className="text-sm">
                For a lost or replaced phone. A second staff administrator must approve it; then
                their app and recovery codes stop working, every session of theirs ends, and they
                set the app up again at their next sign-in.
              </p>
              <TextAreaField
                label={REASON_LABEL}
                required
                maxLength={500}
                error={resetForm.formState.errors.reason?.message}
                {...resetForm.register('reason')}
              />
            </DecisionForm>
          ) : (
            <p className={panelClass}>
              Not set up yet: they set it up at their next sign-in. Nothing to reset.
            </p>
          )}
        </Section>
      </div>
      <ConfirmDialog
        {...step.dialog}
        title={text?.title ?? ''}
        description={text?.description}
        confirmLabel={text?.confirmLabel ?? ''}
        onConfirm={onConfirm}
        pending={pending}
        error={shownError}
      />
    </>
  );
}

function dialogText(asking: Asking, name: string, current: string[], roles: StaffRole[]) {
  switch (asking.kind) {
    case 'roles':
      return {
        title: `Change the roles of ${name}?`,
        description: `From ${roleLabels(current, roles) || 'no role'} to ${roleLabels(asking.roles, roles)}. Their next request has the new permissions.`,
        confirmLabel: 'Change roles',
      };
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        description:
          'Every session of theirs ends at once, and they cannot sign in until someone reactivates them.',
        confirmLabel: 'Deactivate',
      };
    case 'reactivate':
      return {
        title: `Reactivate ${name}?`,
        description: 'They can sign in again, with the roles they had.',
        confirmLabel: 'Reactivate',
      };
    case 'reset':
      return {
        title: `Propose resetting the authenticator app of ${name}?`,
        description:
          'Nothing changes until a second staff administrator approves it under Approvals.',
        confirmLabel: 'Propose the reset',
      };
  }
}
