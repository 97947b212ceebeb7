/** Test helpers of the Staff area: roles, staff members, invitations and a fake API. */
import type {
  Me,
  StaffInvitation,
  StaffMember,
  StaffMemberDetail,
  StaffRole,
} from '@bank/contract';
import { mockFetch, problem, type FakeResponse } from '../../../test-utils';
import { staffMe } from '../shared/testing';

export const TEAM = '/api/v1/staff/team';
export const ADMIN: Me = staffMe(['staff.manage', 'audit.read']);

export const ROLES: StaffRole[] = [
  {
    name: 'admin',
    label: 'Administrator',
    description: 'Every permission, including staff and their access.',
    permissions: ['kyc.review', 'staff.manage'],
  },
  {
    name: 'kyc_reviewer',
    label: 'Identity reviewer',
    description: "Reviews customers' identity checks.",
    permissions: ['kyc.review'],
  },
  {
    name: 'operations',
    label: 'Operations',
    description: 'Confirms funding requests and processes transfers.',
    permissions: ['funding.review', 'transfers.process', 'customers.manage'],
  },
];

export function memberSample(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: '7',
    firstName: 'Katherine',
    lastName: 'Johnson',
    email: 'katherine@bank.example',
    roles: ['kyc_reviewer'],
    status: 'active',
    secondFactor: true,
    lastSigninAt: '2026-11-20T09:30:00.000Z',
    joinedAt: '2026-11-01T08:00:00.000Z',
    deactivatedAt: null,
    isYou: false,
    ...overrides,
  };
}

export function detailSample(
  member: Partial<StaffMember> = {},
  overrides: Partial<StaffMemberDetail> = {},
): StaffMemberDetail {
  return {
    member: memberSample(member),
    secondFactorReset: null,
    recentEvents: [
      {
        id: '90',
        at: '2026-11-20T09:30:00.000Z',
        action: 'staff.signin',
        label: 'Staff signed in',
        actor: { id: '7', name: 'Katherine Johnson' },
        byThem: true,
      },
      {
        id: '80',
        at: '2026-11-02T10:00:00.000Z',
        action: 'staff.roles_changed',
        label: "Staff member's roles changed",
        actor: { id: '1', name: 'Grace Hopper' },
        byThem: false,
      },
    ],
    ...overrides,
  };
}

export function invitationSample(overrides: Partial<StaffInvitation> = {}): StaffInvitation {
  return {
    id: '12',
    email: 'dorothy@bank.example',
    firstName: 'Dorothy',
    lastName: 'Vaughan',
    roles: ['operations'],
    status: 'pending',
    invitedBy: { id: '1', name: 'Grace Hopper' },
    invitedAt: '2026-11-21T08:00:00.000Z',
    sentAt: '2026-11-21T08:00:00.000Z',
    expiresAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

/**
 * A fake API for the Staff area, signed in as `me`: the roles, and whatever `answers` gives for
 * a path (the body it was sent passed along); anything else is a 404.
 */
export function teamApi(answers: Record<string, (body: unknown) => FakeResponse>, me: Me = ADMIN) {
  return mockFetch((path, body) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    if (path === `${TEAM}/roles`) return { status: 200, body: { items: ROLES } };
    const answer = answers[path];
    return answer ? answer(body) : problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}
