// The Notes tab of a player's page: staff notes (never edited or deleted), newest first, and a form to add one.
import { useMemo, useState } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffAddPlayerNote, staffPlayerNotes, type StaffNoteRow } from '@khela/contracts';
import { Button, Card, ErrorText, TextArea } from '@khela/web';
import { useStaff } from '../../../staff/context';
import { DataTable } from '../../../ui/DataTable';
import { whenCell } from '../../../ui/time';
import { pageQuery } from './paging';

export function NotesTab({ id, canWrite }: { id: number; canWrite: boolean }) {
  const { api } = useStaff();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const columns = useMemo<ColumnDef<StaffNoteRow, any>[]>(
    () => [
      { id: 'id', header: 'Time (GMT+6)', cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'operator', header: 'By', accessorKey: 'operator', enableSorting: false },
      {
        id: 'text',
        header: 'Note',
        enableSorting: false,
        cell: (c) => <span style={{ whiteSpace: 'pre-wrap' }}>{c.row.original.text}</span>,
      },
    ],
    [],
  );
  const add = async () => {
    if (!text.trim()) {
      setError('Write the note.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(staffAddPlayerNote, { params: { id }, body: { text: text.trim() } });
      setText('');
      setTick((t) => t + 1);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {canWrite && (
        <Card
          css={css`
            margin-bottom: 12px;
            max-width: 720px;
          `}
        >
          <TextArea label="New note (notes cannot be edited or deleted)" value={text} onChange={setText} />
          <ErrorText>{error}</ErrorText>
          <Button onClick={add} disabled={busy}>
            Add note
          </Button>
        </Card>
      )}
      <DataTable
        testId="player-notes"
        columns={columns}
        rowKey={(r) => String(r.id)}
        reloadKey={tick}
        initialSort={{ id: 'id', desc: true }}
        load={(q) => api.call(staffPlayerNotes, { params: { id }, query: pageQuery(q) })}
      />
    </div>
  );
}
