import { describe, expect, it, vi } from 'vitest';
import { render as renderBare, screen, waitFor, fireEvent } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, type PageQuery } from './DataTable';
import { createStaffQueryClient } from './query-client';

/** The table reads its pages as server state: on the console's query client (as StaffProvider gives it). */
const render = (ui: ReactElement) =>
  renderBare(<QueryClientProvider client={createStaffQueryClient({ retry: false })}>{ui}</QueryClientProvider>);

interface Row {
  id: number;
  name: string;
}
const ALL: Row[] = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `player${i + 1}` }));

/** A fake endpoint: filters by q, sorts by id, pages — what the API does server-side. */
function fakeEndpoint() {
  const calls: PageQuery[] = [];
  const load = vi.fn(async (q: PageQuery) => {
    calls.push(q);
    let rows = ALL.filter((r) => !q.q || r.name.includes(q.q));
    if (q.sort === 'id') rows = [...rows].sort((a, b) => (q.dir === 'asc' ? a.id - b.id : b.id - a.id));
    return { data: rows.slice((q.page - 1) * q.per_page, q.page * q.per_page), total: rows.length };
  });
  return { load, calls };
}

const columns: ColumnDef<Row, any>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: false },
];

describe('DataTable', () => {
  it('asks the server for one page at a time and pages on', async () => {
    const { load, calls } = fakeEndpoint();
    render(<DataTable columns={columns} load={load} rowKey={(r) => String(r.id)} perPage={50} />);
    expect(await screen.findByText('player1')).toBeTruthy();
    expect(screen.getByText(/Page 1 of 3 · 120 rows/)).toBeTruthy();
    expect(screen.queryByText('player51')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('player51')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ page: 2, per_page: 50 });
  });

  it('sorts on the server when a sortable header is clicked, from page 1', async () => {
    const { load, calls } = fakeEndpoint();
    render(<DataTable columns={columns} load={load} rowKey={(r) => String(r.id)} perPage={10} />);
    await screen.findByText('player1');
    fireEvent.click(screen.getByRole('button', { name: /ID/ }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ sort: 'id', page: 1 }));
    const dir = calls.at(-1)!.dir;
    expect(await screen.findByText(dir === 'asc' ? 'player1' : 'player120')).toBeTruthy();
    // the name column is not sortable: a plain header, no button
    expect(screen.queryByRole('button', { name: 'Name' })).toBeNull();
  });

  it('sends the search box as q after a pause and shows the server count', async () => {
    const { load, calls } = fakeEndpoint();
    render(<DataTable columns={columns} load={load} rowKey={(r) => String(r.id)} searchPlaceholder="Search players" />);
    await screen.findByText('player1');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'player11' } });
    await waitFor(() => expect(calls.at(-1)?.q).toBe('player11'));
    // player11 and player110..119
    expect(await screen.findByText(/11 rows/)).toBeTruthy();
  });

  it('exports every row of the filter as CSV by paging through the endpoint', async () => {
    const { load, calls } = fakeEndpoint();
    let csv = '';
    const createObjectURL = vi.fn((b: Blob) => {
      void b.text().then((t) => (csv = t));
      return 'blob:x';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    render(
      <DataTable
        columns={columns}
        load={load}
        rowKey={(r) => String(r.id)}
        csv={{ name: 'players', columns: [{ header: 'Player', value: (r) => r.name }] }}
      />,
    );
    await screen.findByText('player1');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csv).not.toBe(''));
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Player');
    expect(lines).toHaveLength(121);
    expect(calls.filter((c) => c.per_page === 200)).toHaveLength(1);
  });

  it('an export neutralises a player named like a formula (issue 27 item 5)', async () => {
    let csv = '';
    const createObjectURL = vi.fn((b: Blob) => {
      void b.text().then((t) => (csv = t));
      return 'blob:x';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const evil = '=HYPERLINK("http://evil.example","Bonus")';
    const load = async () => ({ data: [{ id: 1, name: evil }], total: 1 });
    render(
      <DataTable
        columns={columns}
        load={load}
        rowKey={(r) => String(r.id)}
        csv={{ name: 'players', columns: [{ header: 'Player', value: (r) => r.name }] }}
      />,
    );
    await screen.findByText(evil);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csv).not.toBe(''));
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual(['Player', `"'=HYPERLINK(""http://evil.example"",""Bonus"")"`]);
  });
});
