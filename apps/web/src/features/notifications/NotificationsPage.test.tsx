import type { Notification } from '@bank/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers } from '../../test-fixtures';
import { mockFetch, renderRoute } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const note = (id: string, read: boolean): Notification => ({
  id,
  kind: 'pin.created',
  title: `Notice ${id}`,
  body: `Body of notice ${id}`,
  read,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('notifications page', () => {
  it('lists newest first; Mark as read answers Marked as read; Mark all as read; older pages on request', async () => {
    const items = [note('3', false), note('2', false), note('1', true)];
    mockFetch((path) => {
      if (path === '/api/v1/notifications?limit=20') {
        return {
          status: 200,
          body: {
            items: items.slice(0, 2),
            nextCursor: '2',
            unread: items.filter((n) => !n.read).length,
          },
        };
      }
      if (path === '/api/v1/notifications?limit=20&cursor=2') {
        return { status: 200, body: { items: items.slice(2), nextCursor: null, unread: 0 } };
      }
      if (path === '/api/v1/notifications/3/read') {
        items[0] = { ...note('3', true) };
        return { status: 200, body: items[0] };
      }
      if (path === '/api/v1/notifications/read-all') {
        items.forEach((n, i) => (items[i] = { ...n, read: true }));
        return { status: 200, body: { unread: 0 } };
      }
      return bankAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/notifications');
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Your notifications' });
    const list = await within(region).findByRole('list');
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Unread: Notice 3', 'Unread: Notice 2']);
    expect(screen.getByText('2 unread')).toBeTruthy();

    const [first] = within(list).getAllByRole('button', { name: 'Mark as read' });
    await user.click(first as HTMLElement);
    expect(await screen.findByText('Marked as read')).toBeTruthy();
    expect(await screen.findByText('1 unread')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You are all caught up.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByText('Notice 1')).toBeTruthy();
  });

  it('points somewhere useful when there are none', async () => {
    mockFetch((path) =>
      path.startsWith('/api/v1/notifications?')
        ? { status: 200, body: { items: [], nextCursor: null, unread: 0 } }
        : bankAnswers()(path),
    );
    renderRoute('/dashboard/notifications');
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
  });
});
