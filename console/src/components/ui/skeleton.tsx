import type { CSSProperties } from 'react';

export function Skeleton({
  width,
  height = 14,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}) {
  return <span className={`skeleton ${className ?? ''}`} style={{ width, height }} aria-hidden="true" />;
}
