import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Caption, PlainList, Row, SectionTitle, Text } from './layout';
import { Dot, IconButton, Panel, ProgressBar } from './blocks';

describe('layout kit', () => {
  it('renders the element asked for with `as`, and keeps its own props off the DOM', () => {
    const { container } = render(
      <div>
        <Text as="strong" tone="muted" size="xs" weight={700} block data-testid="t">
          2.5
        </Text>
        <Row as="span" gap={6} align="baseline" justify="between" wrap data-testid="r" />
        <PlainList as="ol" gap={2} data-testid="l" />
        <SectionTitle as="h1" size="xxl" tone="muted" data-testid="s" />
        <Caption size="sm" data-testid="c" />
        <Dot colour="#e11d48" aria-hidden data-testid="d" />
        <IconButton size={32} colour="#111" aria-label="Close" data-testid="i" />
      </div>,
    );
    const tags = ['t', 'r', 'l', 's', 'c', 'd', 'i'].map((id) => container.querySelector(`[data-testid="${id}"]`)!.tagName);
    expect(tags).toEqual(['STRONG', 'SPAN', 'OL', 'H1', 'DIV', 'SPAN', 'BUTTON']);
    const attrs = [...container.querySelectorAll('*')].flatMap((e) => e.getAttributeNames());
    for (const own of ['as', 'tone', 'size', 'weight', 'block', 'gap', 'align', 'justify', 'wrap', 'colour'])
      expect(attrs).not.toContain(own);
  });

  it('a progress bar says its share to screen readers only when labelled', () => {
    const { getByRole, container, rerender } = render(<ProgressBar value={0.6} label="Progress" />);
    expect(getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    rerender(<ProgressBar value={1.4} />);
    expect(container.querySelector('[role="progressbar"]')).toBeNull();
    expect(container.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
  });

  it('a panel puts its title and actions on one band above its content', () => {
    const { getByRole, getByTestId } = render(
      <Panel title="Match Odds" actions={<button>Cash Out</button>} testId="p">
        <p>rows</p>
      </Panel>,
    );
    const band = getByRole('heading', { level: 2 });
    expect(band.textContent).toBe('Match OddsCash Out');
    expect(getByTestId('p').lastElementChild!.textContent).toBe('rows');
  });
});
