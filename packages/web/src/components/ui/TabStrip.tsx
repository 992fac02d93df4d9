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
 * training-load card and the predictive screen use it.
 */
export function TabStrip<V extends string>({
  label,
  tabs,
  defaultValue,
  className,
  listClassName = tabListClass,
  triggerClassName = tabTriggerClass,
}: {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TabStripTab<V>[];
  /** The first tab when not given. */
  defaultValue?: V;
  className?: string;
  listClassName?: string;
  triggerClassName?: string;
}) {
  return (
    <Tabs.Root defaultValue={defaultValue ?? tabs[0]?.value} className={className}>
      <Tabs.List aria-label={label} className={listClassName}>
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
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="mt-4 focus-visible:outline-none">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
