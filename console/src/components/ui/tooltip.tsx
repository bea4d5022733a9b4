import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

interface TooltipProps {
  content: ReactNode;
  /** One focusable element; it is described by the tooltip. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
}

/** Shows `content` on hover and on keyboard focus of its child. */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const id = useId();
  return (
    <span className={`tooltip tooltip--${placement}`}>
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className="tooltip__bubble">
        {content}
      </span>
    </span>
  );
}
