import { useState } from 'react';

/** The largest value seen so far: result counts only ever go up (SPEC section 4). */
export function useMonotonic(value: number): number {
  const [max, setMax] = useState(value);
  // Adjusting state during render from a changed input is React's pattern for "remember the previous value".
  if (value > max) setMax(value);
  return Math.max(max, value);
}
