import type { ApprovalStatus } from '@bank/contract';
import type { StatusTone } from '../shared/StatusBadge';
import type { InboxView } from './api';

export const VIEW_LABELS: Record<InboxView, string> = {
  waiting: 'Waiting for me',
  mine: 'My proposals',
  all: 'All',
};

export const STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  superseded: 'Overtaken',
};

export const STATUS_TONES: Record<ApprovalStatus, StatusTone> = {
  pending: 'waiting',
  approved: 'done',
  rejected: 'refused',
  withdrawn: 'neutral',
  expired: 'neutral',
  superseded: 'neutral',
};

/** The age filter's choices, in hours. */
export const AGES: readonly (readonly [hours: string, words: string])[] = [
  ['1', 'Older than 1 hour'],
  ['24', 'Older than 1 day'],
  ['48', 'Older than 2 days'],
];
