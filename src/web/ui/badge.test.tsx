import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { orderBadge, paymentBadge, replacementBadge } from '../../domain/status';
import { Badge } from './badge';
import { StatusBadge } from './status-badge';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('badges have one casing rule: sentence case', () => {
  it('status badges', () => {
    expect(text(renderToStaticMarkup(<StatusBadge badge={orderBadge('paid')} />))).toBe('Processing');
    expect(text(renderToStaticMarkup(<StatusBadge badge={paymentBadge('refunded')} />))).toBe('Refunded');
    expect(text(renderToStaticMarkup(<StatusBadge badge={replacementBadge('open')} />))).toBe(
      'Replacement requested',
    );
  });

  it('text badges, keeping a fixed product text as written', () => {
    expect(text(renderToStaticMarkup(<Badge>customer</Badge>))).toBe('Customer');
    expect(text(renderToStaticMarkup(<Badge>Most Popular</Badge>))).toBe('Most Popular');
  });
});
