import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions.js';
import {
  INVITATION_NOT_VALID,
  PERMISSION_LABELS,
  acceptInvitationSchema,
  changeRolesSchema,
  inviteStaffSchema,
  staffMemberQuerySchema,
} from './staff.js';

const TOKEN = 'a'.repeat(43);

describe('staff management schemas', () => {
  it('names every permission in words', () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('asks for at least one role, each once, by name', () => {
    const base = { email: 'ada@bank.example', firstName: 'Ada', lastName: 'Byron' };
    expect(inviteStaffSchema.safeParse({ ...base, roles: ['operations'] }).success).toBe(true);
    const none = inviteStaffSchema.safeParse({ ...base, roles: [] });
    expect(none.error?.issues[0]?.message).toBe('Choose at least one role');
    const twice = inviteStaffSchema.safeParse({ ...base, roles: ['admin', 'admin'] });
    expect(twice.error?.issues[0]?.message).toBe('A role is listed twice');
    expect(inviteStaffSchema.safeParse({ ...base, roles: ['Admin; drop'] }).success).toBe(false);
    expect(inviteStaffSchema.safeParse({ ...base, roles: ['admin'], kind: 'x' }).success).toBe(
      false,
    );
  });

  it('wants a reason for every change of roles, kept short', () => {
    expect(changeRolesSchema.safeParse({ roles: ['admin'], reason: '  ok ' }).success).toBe(false);
    expect(changeRolesSchema.safeParse({ roles: ['admin'], reason: 'x'.repeat(501) }).success).toBe(
      false,
    );
    expect(changeRolesSchema.parse({ roles: ['admin'], reason: '  Promoted  ' }).reason).toBe(
      'Promoted',
    );
  });

  it('takes only a token of the emailed shape, refused in the public words', () => {
    expect(
      acceptInvitationSchema.safeParse({ token: TOKEN, password: 'x'.repeat(8) }).success,
    ).toBe(true);
    const bad = acceptInvitationSchema.safeParse({ token: 'short', password: 'x'.repeat(8) });
    expect(bad.error?.issues[0]?.message).toBe(INVITATION_NOT_VALID);
  });

  it('filters the staff list by a known status only', () => {
    expect(staffMemberQuerySchema.parse({})).toEqual({ status: 'all' });
    expect(staffMemberQuerySchema.safeParse({ status: 'invited' }).success).toBe(false);
  });
});
