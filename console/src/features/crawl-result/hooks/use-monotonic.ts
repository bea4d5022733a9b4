import { useRef } from 'react';

/** The largest value seen so far: result counts only ever go up (SPEC section 4). */
export function useMonotonic(value: number): number {
  const max = useRef(value);
  if (value > max.current) max.current = value;
  return max.current;
}
