import { z } from 'zod';
import { PIN_MAX_FAILURES } from '@bank/contract';
import { notice } from '../notice.js';

/** The customer's own sign-in, profile, password, email and PIN, and the bank's messages. */
export const accountNotices = {
  /** A message the bank writes to one customer (the back office's "send a notification"). */
  'bank.message': notice({
    data: z.object({ title: z.string().min(1).max(120), body: z.string().min(1).max(1000) }),
    email: true,
    render: ({ title, body }) => ({ title, body }),
  }),
  'signin.new_device': notice({
    data: z.object({ device: z.string() }),
    email: false,
    render: ({ device }) => ({
      title: 'New sign-in',
      body: `Your account was signed in to from a browser you had not used before (${device}). If this was not you, change your password now.`,
    }),
  }),
  'profile.changed': notice({
    data: z.object({ changed: z.array(z.string()).min(1) }),
    email: false,
    render: ({ changed }) => ({
      title: 'Profile updated',
      body: `Your profile was updated (${changed.join(', ')}). If this was not you, contact us at once.`,
    }),
  }),
  'password.changed': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'Password changed',
      body: 'Your password was changed, and every other browser signed in to your account was signed out. If this was not you, reset your password at once.',
    }),
  }),
  'email.changed': notice({
    data: z.object({ email: z.string() }),
    email: true,
    render: ({ email }) => ({
      title: 'Email address changed',
      body: `Your account's email address is now ${email}. We told your previous address too.`,
    }),
  }),
  'security.password_checks_paused': notice({
    data: z.object({ tries: z.number().int().positive() }),
    email: true,
    render: ({ tries }) => ({
      title: 'Wrong passwords entered',
      body: `Your password was entered wrongly ${tries} times in a signed-in browser, so changes that need it are paused for an hour. If this was not you, sign out every other browser in Settings and change your password.`,
    }),
  }),
  'passkey.added': notice({
    data: z.object({ name: z.string() }),
    email: false,
    render: ({ name }) => ({
      title: 'Passkey added',
      body: `A passkey named "${name}" can now sign in to your account and approve your transfers. If this was not you, remove it in Settings and change your password at once.`,
    }),
  }),
  'passkey.removed': notice({
    data: z.object({ name: z.string() }),
    email: false,
    render: ({ name }) => ({
      title: 'Passkey removed',
      body: `The passkey named "${name}" was removed from your account: it no longer signs in or approves transfers. If this was not you, change your password at once.`,
    }),
  }),
  'security.second_factor_on': notice({
    data: z.object({ method: z.enum(['passkey', 'authenticator']) }),
    email: true,
    render: ({ method }) => ({
      title: 'Two-step sign-in turned on',
      body: `Signing in with your password in a new browser now also asks for ${method === 'passkey' ? 'your passkey' : 'a code from your authenticator app'}. Keep your recovery codes somewhere safe. If this was not you, contact us at once.`,
    }),
  }),
  'security.second_factor_off': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'Two-step sign-in turned off',
      body: 'Signing in now asks for your password alone. If this was not you, change your password and contact us at once.',
    }),
  }),
  'security.recovery_code_used': notice({
    data: z.object({ left: z.number().int().nonnegative() }),
    email: true,
    render: ({ left }) => ({
      title: 'A recovery code was used',
      body: `A recovery code was used instead of your second step to sign in to your account. ${
        left === 0
          ? 'You have no recovery codes left: make new ones in Settings.'
          : left === 1
            ? 'You have 1 recovery code left.'
            : `You have ${left} recovery codes left.`
      } If this was not you, change your password and contact us at once.`,
    }),
  }),
  'pin.created': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'Transaction PIN created',
      body: 'Your transaction PIN was created. You will need it to send money. If this was not you, contact us at once.',
    }),
  }),
  'pin.locked': notice({
    data: z.object({ minutes: z.number().int().positive() }),
    email: true,
    render: ({ minutes }) => ({
      title: 'Transaction PIN paused',
      body: `Your transaction PIN was entered wrongly ${PIN_MAX_FAILURES} times in a row, so PIN use is paused for ${minutes} minutes. If this was not you, change your password and PIN.`,
    }),
  }),
  'pin.changed': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'Transaction PIN changed',
      body: 'Your transaction PIN was changed. If this was not you, contact us at once.',
    }),
  }),
  'pin.reset': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'Transaction PIN reset',
      body: 'Your transaction PIN was reset with your password and a code sent to your email. If this was not you, contact us at once.',
    }),
  }),
};
