import { useState } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import {
  staffCannedReplies,
  staffCreateCannedReply,
  staffDeleteCannedReply,
  staffUpdateCannedReply,
  type CannedReply,
} from '@khela/contracts';
import { ApiError, Button, ErrorText, Modal, TextArea, TextField, Row } from '@khela/web';
import { DataTable, useStaffPages, CellText } from '../../ui/DataTable';
import { useStaffChange } from '../../ui/query';
import { Screen, Toolbar, Spacer, RowTitle } from '../../ui/layout';
import { whenCell } from '../../ui/time';

/** /chat/canned: the desk's canned replies (support and admin), each change audited by the API. */
export function CannedReplies() {
  const [editing, setEditing] = useState<Partial<CannedReply> | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const change = useStaffChange();
  const source = useStaffPages(staffCannedReplies, (query) => ({ query: query as never }));

  const columns: ColumnDef<CannedReply, unknown>[] = [
    { id: 'title', header: 'Title', accessorKey: 'title' },
    {
      id: 'body',
      header: 'Text',
      enableSorting: false,
      cell: ({ row }) => (
        <CellText clip max={520}>
          {row.original.body}
        </CellText>
      ),
    },
    { id: 'updated_at', header: 'Updated (GMT+6)', cell: ({ row }) => whenCell(row.original.updated_at) },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: ({ row }) => (
        <Row as="span" gap={6} align="stretch">
          <Button variant="secondary" onClick={() => setEditing(row.original)}>
            Edit
          </Button>
          <Button variant="danger" onClick={() => setDeleting(row.original)}>
            Delete
          </Button>
        </Row>
      ),
    },
  ];

  const remove = async () => {
    if (!deleting) return;
    if (await change.run(staffDeleteCannedReply, { params: { id: deleting.id } })) setDeleting(null);
  };

  return (
    <Screen>
      <Toolbar>
        <RowTitle>Canned replies</RowTitle>
        <Spacer />
        <Link to="/chat">Back to the desk</Link>
        <Button onClick={() => setEditing({})}>New canned reply</Button>
      </Toolbar>
      <ErrorText>{change.errorText}</ErrorText>
      <DataTable<CannedReply>
        testId="canned-table"
        columns={columns}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'title', desc: false }}
        searchPlaceholder="Search title or text"
        source={source}
        csv={{
          name: 'canned-replies',
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'title', value: (r) => r.title },
            { header: 'text', value: (r) => r.body },
            { header: 'updated_at', value: (r) => r.updated_at },
          ],
        }}
      />
      {editing && <CannedForm reply={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />}
      <Modal
        open={!!deleting}
        title="Delete canned reply"
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              Delete
            </Button>
          </>
        }
      >
        <p>Delete “{deleting?.title}”? Operators will no longer be able to insert it.</p>
      </Modal>
    </Screen>
  );
}

function CannedForm(props: { reply: Partial<CannedReply>; onClose: () => void; onSaved: () => void }) {
  const change = useStaffChange();
  const [title, setTitle] = useState(props.reply.title ?? '');
  const [body, setBody] = useState(props.reply.body ?? '');
  // a refused title or text is said under its field; any other refusal under the form
  const fields = change.error instanceof ApiError ? change.error.fieldErrors : undefined;
  const errors: Record<string, string> = !change.error
    ? {}
    : fields && (fields.title || fields.body)
      ? { title: fields.title?.[0] ?? '', body: fields.body?.[0] ?? '' }
      : { form: change.error.message };
  const save = async () => {
    const saved = props.reply.id
      ? await change.run(staffUpdateCannedReply, { params: { id: props.reply.id }, body: { title, body } })
      : await change.run(staffCreateCannedReply, { body: { title, body } });
    if (saved) props.onSaved();
  };
  return (
    <Modal
      open
      title={props.reply.id ? 'Edit canned reply' : 'New canned reply'}
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={change.pending}>
            Save
          </Button>
        </>
      }
    >
      <TextField
        label="Title"
        inputProps={{ value: title, maxLength: 80, onChange: (e) => setTitle(e.target.value) }}
        error={errors.title}
      />
      <TextArea label="Text" value={body} maxLength={2000} rows={6} onChange={setBody} error={errors.body} />
      {errors.form && <ErrorText>{errors.form}</ErrorText>}
    </Modal>
  );
}
