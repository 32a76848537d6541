import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PercentBar, percentText } from './PercentBar.tsx';

// docs/domain.md §20: every sensor-percentage bar shows its figure, 2 decimals (spec 002 §9)
describe('percentage bar', () => {
  it('shows the figure at 100 %, below the warning level and in between', () => {
    render(
      <>
        <PercentBar value={100} warnBelow={80} label="full" />
        <PercentBar value={41.666666} warnBelow={80} label="low" />
        <PercentBar value={92.5} label="mid" />
        <PercentBar value={0} label="none" />
      </>,
    );
    expect(screen.getByLabelText('full').textContent).toContain('100.00%');
    expect(screen.getByLabelText('low').textContent).toContain('41.67%');
    expect(screen.getByLabelText('mid').textContent).toContain('92.50%');
    expect(screen.getByLabelText('none').textContent).toContain('0.00%');
    // no icon instead of the number (antd's success / exception icons)
    expect(document.querySelector('.anticon-check-circle, .anticon-close-circle')).toBeNull();
  });
  it('writes 2 decimals', () => {
    expect(percentText(99.995)).toBe('100.00%');
    expect(percentText(7)).toBe('7.00%');
  });
});
