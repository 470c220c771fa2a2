import {
  POPUP_KINDS,
  staffMarquee,
  staffPopups,
  staffPromotions,
  staffSliders,
  staffSocialLinks,
  type StaffMarquee,
  type StaffPopup,
  type StaffPromotion,
  type StaffSlider,
  type StaffSocialLink,
} from '@khela/contracts';
import { CategoriesField, ImageField, TextInput } from './fields';
import type { ColumnDef } from '@tanstack/react-table';
import { ContentStatus, Thumb, type Errors, type ResourceConfig, type Values } from './ResourceTab';
import { Select } from '@khela/web';
import { BilingualField, MarqueePreview, PopupPreview, PromotionPreview, SliderPreview, textIn } from './bilingual';

/* The content lists of the console: their columns, CSV, filters and forms. */

const ON_OFF = ['active', 'inactive'] as const;
const SLIDER_TYPES = ['Main', 'Favourite', 'Features'] as const;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/* What every content list repeats: its order and status columns, the dates it shows between, the two date fields. */
const orderColumn = { id: 'sort_order', header: 'Order', accessorKey: 'sort_order' } as const;
function statusColumn<Row extends { status: string }>(): ColumnDef<Row> {
  return { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <ContentStatus value={row.original.status} /> };
}
function datesColumn<Row extends { start_date: string | null; end_date: string | null }>(): ColumnDef<Row> {
  return {
    id: 'dates',
    header: 'Dates',
    enableSorting: false,
    cell: ({ row }) => `${row.original.start_date ?? '…'} – ${row.original.end_date ?? '…'}`,
  };
}
function DateFields({ v, set, e }: { v: Values; set: (k: string, value: unknown) => void; e: Errors }) {
  return (
    <>
      <TextInput label="Start date" type="date" value={v.start_date} onChange={(x) => set('start_date', x)} error={e.start_date} />
      <TextInput label="End date" type="date" value={v.end_date} onChange={(x) => set('end_date', x)} error={e.end_date} />
    </>
  );
}

/** A list cell: the English over its Bangla (or a note that the Bangla is missing: players see the English). */
function Both({ en, bn }: { en: string; bn: string | null }) {
  return (
    <>
      {en}
      <br />
      <span lang="bn" style={{ opacity: bn ? 0.85 : 0.5, fontSize: 12 }}>
        {bn || 'no Bangla yet'}
      </span>
    </>
  );
}

export const sliders: ResourceConfig<StaffSlider> = {
  noun: 'slider',
  testId: 'content-sliders',
  endpoints: staffSliders,
  columns: [
    orderColumn,
    { id: 'thumbnail', header: 'Image', enableSorting: false, cell: ({ row }) => <Thumb path={row.original.thumbnail} /> },
    { id: 'name', header: 'Name', accessorKey: 'name' },
    { id: 'slider_type', header: 'Type', accessorKey: 'slider_type', enableSorting: false },
    { id: 'link', header: 'Link', accessorKey: 'link', enableSorting: false },
    statusColumn(),
  ],
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'order', value: (r) => r.sort_order },
    { header: 'type', value: (r) => r.slider_type },
    { header: 'name', value: (r) => r.name },
    { header: 'image', value: (r) => r.thumbnail },
    { header: 'link', value: (r) => r.link },
    { header: 'status', value: (r) => r.status },
  ],
  filters: [
    { name: 'slider_type', label: 'Type', options: SLIDER_TYPES },
    { name: 'status', label: 'Status', options: ON_OFF },
  ],
  blank: { name: '', name_bn: '', thumbnail: '', link: '', message_id: '', status: 'active', slider_type: 'Main' },
  toValues: (r) => ({ ...r, name_bn: str(r.name_bn), link: str(r.link), message_id: str(r.message_id) }),
  preview: (v, locale, imageUrl) => <SliderPreview locale={locale} v={v} imageUrl={imageUrl} />,
  form: (v, set, e) => (
    <>
      <BilingualField name="name" label="Name (the banner's caption)" v={v} set={set} e={e} />
      <Select
        label="Slider type"
        value={v.slider_type}
        onChange={(x) => set('slider_type', x)}
        options={SLIDER_TYPES}
        error={e.slider_type}
      />
      <Select label="Status" value={v.status} onChange={(x) => set('status', x)} options={ON_OFF} error={e.status} />
      <TextInput
        label="Link"
        value={v.link}
        onChange={(x) => set('link', x)}
        error={e.link}
        hint="/promotions or https://…; empty opens /promotions."
      />
      <TextInput label="Message id" value={v.message_id} onChange={(x) => set('message_id', x)} error={e.message_id} />
      <ImageField label="Image" value={v.thumbnail} onChange={(x) => set('thumbnail', x)} error={e.thumbnail} />
    </>
  ),
};

export const promotions: ResourceConfig<StaffPromotion> = {
  noun: 'promotion',
  testId: 'content-promotions',
  endpoints: staffPromotions,
  columns: [
    orderColumn,
    { id: 'thumbnail', header: 'Image', enableSorting: false, cell: ({ row }) => <Thumb path={row.original.thumbnail} /> },
    { id: 'name', header: 'Name', accessorKey: 'name', cell: ({ row }) => <Both en={row.original.name} bn={row.original.name_bn} /> },
    // start over end in one column: the table (with its Delete) fits a 1440 px console
    {
      id: 'start_date',
      header: 'Start · end',
      accessorKey: 'start_date',
      cell: ({ row }) => (
        <>
          {row.original.start_date}
          <br />
          {row.original.end_date}
        </>
      ),
    },
    { id: 'bonus', header: 'Bonus %', enableSorting: false, accessorKey: 'deposit_bonus_percent' },
    { id: 'max', header: 'Max bonus', enableSorting: false, cell: ({ row }) => row.original.max_bonus ?? '—' },
    { id: 'turnover', header: 'Turnover ×', enableSorting: false, accessorKey: 'turnover' },
    { id: 'categories', header: 'Categories', enableSorting: false, accessorKey: 'categories' },
    statusColumn(),
  ],
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'order', value: (r) => r.sort_order },
    { header: 'name', value: (r) => r.name },
    { header: 'name_bn', value: (r) => r.name_bn },
    { header: 'start_date', value: (r) => r.start_date },
    { header: 'end_date', value: (r) => r.end_date },
    { header: 'deposit_bonus_percent', value: (r) => r.deposit_bonus_percent },
    { header: 'max_bonus', value: (r) => r.max_bonus },
    { header: 'turnover', value: (r) => r.turnover },
    { header: 'categories', value: (r) => r.categories },
    { header: 'status', value: (r) => r.status },
  ],
  filters: [{ name: 'status', label: 'Status', options: ['display', 'active'] }],
  blank: {
    name: '',
    name_bn: '',
    description: '',
    description_bn: '',
    thumbnail: '',
    start_date: '',
    end_date: '',
    deposit_bonus_percent: 0,
    max_bonus: '',
    turnover: 1,
    categories: 0,
    status: 'display',
  },
  toValues: ({ created_at: _c, ...r }) => ({
    ...r,
    name_bn: str(r.name_bn),
    description_bn: str(r.description_bn),
    thumbnail: str(r.thumbnail),
    start_date: str(r.start_date),
    end_date: str(r.end_date),
    max_bonus: str(r.max_bonus),
  }),
  preview: (v, locale, imageUrl) => <PromotionPreview locale={locale} v={v} imageUrl={imageUrl} />,
  form: (v, set, e) => (
    <>
      <BilingualField name="name" label="Name" v={v} set={set} e={e} />
      <BilingualField name="description" label="Description (HTML allowed; sanitised on the site)" v={v} set={set} e={e} rows={5} />
      <Select
        label="Status"
        value={v.status}
        onChange={(x) => set('status', x)}
        options={[
          { value: 'display', label: 'display (shown on /promotions)' },
          { value: 'active', label: 'active (kept, hidden)' },
        ]}
        error={e.status}
      />
      <DateFields v={v} set={set} e={e} />
      <TextInput
        label="Deposit bonus %"
        type="number"
        value={str(v.deposit_bonus_percent)}
        onChange={(x) => set('deposit_bonus_percent', x === '' ? '' : Number(x))}
        error={e.deposit_bonus_percent}
      />
      <TextInput
        label="Max bonus"
        value={v.max_bonus}
        onChange={(x) => set('max_bonus', x)}
        error={e.max_bonus}
        hint="e.g. 5000.00; empty = no cap."
      />
      <TextInput
        label="Turnover multiple"
        type="number"
        value={str(v.turnover)}
        onChange={(x) => set('turnover', x === '' ? '' : Number(x))}
        error={e.turnover}
        hint="Wagering of deposit + bonus, × times."
      />
      <CategoriesField value={Number(v.categories) || 0} onChange={(x) => set('categories', x)} error={e.categories} />
      <ImageField label="Image" value={v.thumbnail} onChange={(x) => set('thumbnail', x)} error={e.thumbnail} optional />
    </>
  ),
};

export const popups: ResourceConfig<StaffPopup> = {
  noun: 'popup',
  testId: 'content-popups',
  endpoints: staffPopups,
  columns: [
    orderColumn,
    { id: 'name', header: 'Name', accessorKey: 'name' },
    {
      id: 'kind',
      header: 'Shown',
      enableSorting: false,
      cell: ({ row }) => (row.original.kind === 'welcome' ? 'after sign-up' : 'after log-in'),
    },
    {
      id: 'title',
      header: 'Title',
      enableSorting: false,
      accessorKey: 'title',
      cell: ({ row }) => <Both en={row.original.title} bn={row.original.title_bn} />,
    },
    datesColumn(),
    statusColumn(),
  ],
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'kind', value: (r) => r.kind },
    { header: 'name', value: (r) => r.name },
    { header: 'title', value: (r) => r.title },
    { header: 'status', value: (r) => r.status },
  ],
  filters: [
    { name: 'kind', label: 'Kind', options: POPUP_KINDS },
    { name: 'status', label: 'Status', options: ON_OFF },
  ],
  blank: {
    name: '',
    kind: 'notice',
    title: '',
    title_bn: '',
    body: '',
    body_bn: '',
    image: '',
    link: '',
    status: 'active',
    start_date: '',
    end_date: '',
  },
  toValues: (r) => ({
    ...r,
    title_bn: str(r.title_bn),
    body_bn: str(r.body_bn),
    image: str(r.image),
    link: str(r.link),
    start_date: str(r.start_date),
    end_date: str(r.end_date),
  }),
  preview: (v, locale, imageUrl) => <PopupPreview locale={locale} v={v} imageUrl={imageUrl} />,
  form: (v, set, e) => (
    <>
      <TextInput label="Name (staff only)" value={v.name} onChange={(x) => set('name', x)} error={e.name} />
      <Select
        label="Kind"
        value={v.kind}
        onChange={(x) => set('kind', x)}
        options={[
          { value: 'notice', label: 'notice (once after log-in)' },
          { value: 'welcome', label: 'welcome (after sign-up)' },
        ]}
        error={e.kind}
      />
      <Select label="Status" value={v.status} onChange={(x) => set('status', x)} options={ON_OFF} error={e.status} />
      <BilingualField name="title" label="Title" v={v} set={set} e={e} />
      <BilingualField name="body" label="Text (HTML allowed; sanitised on the site)" v={v} set={set} e={e} rows={4} />
      <TextInput
        label="Link"
        value={v.link}
        onChange={(x) => set('link', x)}
        error={e.link}
        hint="Optional button target: /deposit, https://…"
      />
      <DateFields v={v} set={set} e={e} />
      <ImageField label="Image" value={v.image} onChange={(x) => set('image', x)} error={e.image} optional />
    </>
  ),
};

export const marquee: ResourceConfig<StaffMarquee> = {
  noun: 'marquee message',
  testId: 'content-marquee',
  endpoints: staffMarquee,
  columns: [
    orderColumn,
    {
      id: 'text',
      header: 'Text',
      enableSorting: false,
      accessorKey: 'text',
      cell: ({ row }) => <Both en={row.original.text} bn={row.original.text_bn} />,
    },
    datesColumn(),
    statusColumn(),
  ],
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'order', value: (r) => r.sort_order },
    { header: 'text', value: (r) => r.text },
    { header: 'text_bn', value: (r) => r.text_bn },
    { header: 'status', value: (r) => r.status },
  ],
  filters: [{ name: 'status', label: 'Status', options: ON_OFF }],
  blank: { text: '', text_bn: '', status: 'active', start_date: '', end_date: '' },
  toValues: (r) => ({ ...r, text_bn: str(r.text_bn), start_date: str(r.start_date), end_date: str(r.end_date) }),
  preview: (v, locale) => <MarqueePreview text={textIn(locale, v.text, v.text_bn)} />,
  form: (v, set, e) => (
    <>
      <BilingualField
        name="text"
        label="Text"
        v={v}
        set={set}
        e={e}
        hint="Scrolls on the home page; without any active message the system notice scrolls."
      />
      <Select label="Status" value={v.status} onChange={(x) => set('status', x)} options={ON_OFF} error={e.status} />
      <DateFields v={v} set={set} e={e} />
    </>
  ),
};

export const socialLinks: ResourceConfig<StaffSocialLink> = {
  noun: 'social link',
  testId: 'content-social',
  endpoints: staffSocialLinks,
  columns: [
    orderColumn,
    { id: 'icon', header: 'Icon', enableSorting: false, cell: ({ row }) => <Thumb path={row.original.icon} /> },
    { id: 'name', header: 'Name', accessorKey: 'name' },
    { id: 'link', header: 'Link', enableSorting: false, accessorKey: 'link' },
    statusColumn(),
  ],
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'link', value: (r) => r.link },
    { header: 'status', value: (r) => r.status },
  ],
  filters: [{ name: 'status', label: 'Status', options: ON_OFF }],
  blank: { name: '', icon: '', link: '', status: 'active' },
  toValues: (r) => ({ ...r, icon: str(r.icon) }),
  form: (v, set, e) => (
    <>
      <TextInput label="Name" value={v.name} onChange={(x) => set('name', x)} error={e.name} />
      <TextInput label="Link" value={v.link} onChange={(x) => set('link', x)} error={e.link} />
      <Select label="Status" value={v.status} onChange={(x) => set('status', x)} options={ON_OFF} error={e.status} />
      <ImageField label="Icon" value={v.icon} onChange={(x) => set('icon', x)} error={e.icon} optional />
    </>
  ),
};
