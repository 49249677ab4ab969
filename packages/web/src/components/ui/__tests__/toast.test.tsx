import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ToastProvider, useToast, type ToastApi } from '../toast';

function Capture({ onReady }: { onReady: (api: ToastApi) => void }) {
  onReady(useToast());
  return null;
}

function setup() {
  let api!: ToastApi;
  render(
    <ToastProvider>
      <Capture onReady={(a) => (api = a)} />
    </ToastProvider>,
  );
  return api;
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('disappears after 3000 ms by default', () => {
    const toast = setup();
    act(() => void toast.success('Saved.'));
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('has four kinds and honours a custom duration', () => {
    const toast = setup();
    act(() => {
      toast.success('s');
      toast.danger('d');
      toast.warning('w');
      toast.info('i', { duration: 5000 });
    });
    const kinds = Array.from(document.querySelectorAll('[data-kind]')).map((el) => el.getAttribute('data-kind'));
    expect(kinds).toEqual(['success', 'danger', 'warning', 'info']);
    expect(screen.getByText('d').closest('li')).toHaveClass('bg-red-700');
    expect(screen.getByText('s').closest('li')).toHaveClass('bg-green-700');
    expect(screen.getByText('w').closest('li')).toHaveClass('bg-amber-300');
    expect(screen.getByText('i').closest('li')).toHaveClass('bg-blue-700');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('s')).not.toBeInTheDocument();
    expect(screen.getByText('i')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('i')).not.toBeInTheDocument();
  });
});
