import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../src/app/providers';

/** A system setting the test can flip, as `matchMedia` reports it. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  let matches = reduce;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && matches;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    set(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener());
    },
    restore: () => (window.matchMedia = original),
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

let setting: ReturnType<typeof systemMotionSetting> | undefined;
afterEach(() => setting?.restore());

describe('reduced motion', () => {
  it('turns antd motion off while the system asks for less motion, and on again when it stops', () => {
    setting = systemMotionSetting(true);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => setting!.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });

  it('keeps antd motion on by default', () => {
    setting = systemMotionSetting(false);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
