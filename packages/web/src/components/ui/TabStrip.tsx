import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { tabListClass, tabTriggerClass } from './tabs';

export interface TabStripTab<V extends string> {
  value: V;
  label: ReactNode;
  /** Rendered only while its tab is active (Radix Tabs). */
  content: ReactNode;
  testId?: string;
}

/**
 * The one tab strip (Radix Tabs: arrow keys, roles, aria-selected): a row of equal tabs in the shared
 * look of tabs.ts, and their panels below. The dashboard's period summary, the performance panel, the
 * training-load card and the analysis screens (predictive, comparative, advanced) use it. Uncontrolled
 * unless `value` and `onValueChange` are given; `beforePanels` sits between the list and the panels
 * (the comparative report's printed title).
 */
export function TabStrip<V extends string>({
  label,
  tabs,
  defaultValue,
  className,
  listClassName = tabListClass,
  triggerClassName = tabTriggerClass,
  value,
  onValueChange,
  printHideList = false,
  beforePanels,
}: {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TabStripTab<V>[];
  /** The first tab when not given. */
  defaultValue?: V;
  className?: string;
  listClassName?: string;
  triggerClassName?: string;
  value?: V;
  onValueChange?: (value: V) => void;
  /** Leave the tab list out of the printed page (data-print-hide). */
  printHideList?: boolean;
  beforePanels?: ReactNode;
}) {
  const controlled =
    value === undefined
      ? { defaultValue: defaultValue ?? tabs[0]?.value }
      : { value, onValueChange: (v: string) => onValueChange?.(v as V) };
  return (
    <Tabs.Root {...controlled} className={className}>
      <Tabs.List
        aria-label={label}
        className={listClassName}
        {...(printHideList ? { 'data-print-hide': true } : {})}
      >
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={triggerClassName}
            data-testid={tab.testId}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {beforePanels}
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="mt-4 focus-visible:outline-none">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
