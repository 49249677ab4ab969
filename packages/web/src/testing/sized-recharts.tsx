import { cloneElement, type ReactElement } from 'react';

/**
 * recharts with a ResponsiveContainer of a fixed size: jsdom lays nothing out, so the real one measures 0 × 0 and
 * draws nothing. In a test file: `vi.mock('recharts', async (original) => (await import('…/testing/sized-recharts')).sizedRecharts(original, 320))`.
 */
export async function sizedRecharts(importOriginal: () => Promise<unknown>, height: number) {
  const recharts = (await importOriginal()) as typeof import('recharts');
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) => cloneElement(children, { width: 800, height }),
  };
}
