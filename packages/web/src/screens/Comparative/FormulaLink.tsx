import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type FormulaId, formulaHref } from '../../lib/formula-links';

/** A number or label that opens its definition and source on the formulas page. */
export function FormulaLink({
  id,
  children,
  testId,
}: {
  id: FormulaId;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Link
      to={formulaHref(id)}
      data-testid={testId}
      className="decoration-dotted underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </Link>
  );
}
