import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { Inbox } from './Inbox';

const msg = (id: number, is_read: 0 | 1 = 0) => ({
  id,
  title: `Title ${id}`,
  message: 'one two three four five six seven',
  created_at: '2024-05-01T10:00:00Z',
  is_read,
});

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '1');
});

describe('Inbox', () => {
  it('lists 5-word previews, pages, opens a message and marks it read', async () => {
    responders.set('GET /api/inbox', (o) => ({
      success: true,
      unread: 1,
      data: { data: [msg(o.query.page * 10)], current_page: o.query.page, last_page: 2, total: 11 },
    }));
    responders.set('GET /api/inbox/{id}', (o) => ({ message: msg(o.params.id) }));
    responders.set('PATCH /api/inbox/{id}/read', () => ({ message: 'ok' }));
    renderScreen(<Inbox />, '/inbox');
    expect(await screen.findByText('one two three four five...')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Title 20')).toBeTruthy();
    await userEvent.click(screen.getByText('Title 20'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('one two three four five six seven')).toBeTruthy();
    // dates in the list and the message say they are Dhaka time (issue 34 item 3): 10:00 UTC is 16:00 in Dhaka
    expect(within(dialog).getByTestId('inbox-open-date').textContent).toBe('2024-05-01 16:00:00 GMT+6');
    expect(screen.getAllByTestId('inbox-date')[0]!.textContent).toBe('2024-05-01 16:00:00 GMT+6');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.opts.params.id === 20)).toBe(true));
  });

  it('Edit mode selects several for Delete; Cancel leaves edit mode', async () => {
    responders.set('GET /api/inbox', () => ({
      success: true,
      unread: 2,
      data: { data: [msg(1), msg(2), msg(3, 1)], current_page: 1, last_page: 1, total: 3 },
    }));
    responders.set('DELETE /api/inbox/{id}', () => ({ message: 'ok' }));
    renderScreen(<Inbox />, '/inbox');
    await screen.findByText('Title 1');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByLabelText('Select message Title 1'));
    await userEvent.click(screen.getByLabelText('Select message Title 3'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.method === 'DELETE')
          .map((c) => c.opts.params.id)
          .sort(),
      ).toEqual([1, 3]),
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Select message Title 1')).toBeNull();
  });

  it('shows No Data when empty', async () => {
    responders.set('GET /api/inbox', () => ({ success: true, unread: 0, data: { data: [], current_page: 1, last_page: 1, total: 0 } }));
    renderScreen(<Inbox />, '/inbox');
    expect(await screen.findByText('No Data')).toBeTruthy();
  });
});
