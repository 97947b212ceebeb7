import { signinSchema } from '@bank/contract';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import type { SigninRequest } from '../api/signin';

type Field = 'email' | 'password';
type Values = Record<Field, string>;
type Messages = Partial<Record<Field, string>>;

/** In form order: the first field in error takes the focus. */
const FIELDS: readonly Field[] = ['email', 'password'];

/** The contract's first message for each field, as the other forms show them. */
function messagesFor(values: Values): Messages {
  const messages: Messages = {};
  for (const issue of signinSchema.safeParse(values).error?.issues ?? []) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field) messages[field] ??= issue.message;
  }
  return messages;
}

/**
 * The sign-in form's email and password in plain React state, checked with the contract's
 * `signinSchema` like the other forms (react-hook-form stays off the sign-in page, the app's
 * front door, for its download size: issue 8). It behaves as they do: messages under the fields
 * on submit, the first field in error focused, and from then on each message follows what is
 * typed; a field the server refused shows the server's words until it is changed.
 */
export function useSigninFields() {
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  /** Set by a submit: from then on the contract's messages follow what is typed. */
  const [checking, setChecking] = useState(false);
  const [serverMessages, setServerMessages] = useState<Messages>({});
  const messages = { ...(checking ? messagesFor(values) : {}), ...serverMessages };

  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // Focus moves once the messages are on screen, so the field is read out with its message.
  const [focusRequest, setFocusRequest] = useState<{ field: Field } | null>(null);
  useEffect(() => {
    if (focusRequest) inputs.current[focusRequest.field]?.focus();
  }, [focusRequest]);
  const focusFirstOf = (found: Messages) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) setFocusRequest({ field: first });
    return first !== undefined;
  };

  /** The props of one field's input (TextField, PasswordField). */
  function field(name: Field) {
    return {
      name,
      value: values[name],
      error: messages[name],
      ref: (input: HTMLInputElement | null) => {
        inputs.current[name] = input;
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const typed = event.target.value;
        setValues((current) => ({ ...current, [name]: typed }));
        setServerMessages(({ [name]: _changed, ...others }) => others);
      },
    };
  }

  return {
    field,
    /** The email and password as typed, to send again with an emailed code. */
    values,
    /** Calls `onValid` with the checked request, or shows why not. */
    submit(onValid: (request: SigninRequest) => void) {
      setChecking(true);
      setServerMessages({});
      const result = signinSchema.safeParse(values);
      if (result.success) onValid(result.data);
      else focusFirstOf(messagesFor(values));
    },
    /** Shows the server's field errors under their fields; true when there were any. */
    showServerErrors(error: unknown): boolean {
      const found = fieldErrorsIn(error, FIELDS);
      setServerMessages(found);
      return focusFirstOf(found);
    },
    /** Empties the password (back from the code step); judged again at the next submit. */
    clearPassword() {
      setValues((typed) => ({ ...typed, password: '' }));
      setChecking(false);
      setServerMessages({});
    },
  };
}

export type SigninFields = ReturnType<typeof useSigninFields>;
