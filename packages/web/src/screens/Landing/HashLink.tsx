import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { scrollToSection } from './scrollToSection';

interface HashLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The id of the target section, without '#'. */
  to: string;
  /** Called after a click scrolled the page, e.g. to close the mobile menu. */
  onNavigate?: () => void;
}

/** An in-page link: scrolls smoothly to its section instead of jumping. */
export function HashLink({ to, onNavigate, onClick, children, ...rest }: HashLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!document.getElementById(to)) return;
    event.preventDefault();
    // Close menus first, then scroll once React has committed that change, so that the target
    // does not move while the page scrolls towards it.
    onNavigate?.();
    requestAnimationFrame(() => scrollToSection(to));
  };
  return (
    <a href={`#${to}`} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
