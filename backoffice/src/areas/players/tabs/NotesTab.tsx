// The Notes tab of a player's page: staff notes (never edited or deleted), newest first, and a form to add one.
import { useMemo, useState } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffAddPlayerNote, staffPlayerNotes, type StaffNoteRow } from '@khela/contracts';
import { Button, Card, ErrorText, TextArea } from '@khela/web';
import { DataTable, useStaffPages } from '../../../ui/DataTable';
import { useStaffChange } from '../../../ui/query';
import { whenCell } from '../../../ui/time';
import { pageQuery } from './paging';

export function NotesTab({ id, canWrite }: { id: number; canWrite: boolean }) {
  const source = useStaffPages(staffPlayerNotes, (q) => ({ params: { id }, query: pageQuery(q) }));
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const change = useStaffChange();
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
    setEmpty(!text.trim());
    if (!text.trim()) return change.reset();
    // the notes shown are read again once it is added (as every query after a change)
    if (await change.run(staffAddPlayerNote, { params: { id }, body: { text: text.trim() } })) setText('');
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
          <ErrorText>{empty ? 'Write the note.' : change.errorText}</ErrorText>
          <Button onClick={add} disabled={change.pending}>
            Add note
          </Button>
        </Card>
      )}
      <DataTable
        testId="player-notes"
        columns={columns}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'id', desc: true }}
        source={source}
      />
    </div>
  );
}
