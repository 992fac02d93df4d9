// The look of every tab strip (Radix Tabs): the dashboards, the performance panel, the training-load
// card and the predictive screen share it.

export const tabTriggerClass =
  'min-h-10 min-w-0 rounded-md px-1 py-2 text-center text-xs leading-tight sm:px-2 sm:text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-[state=active]:bg-slate-700 dark:data-[state=active]:text-white';
export const tabListClass =
  'grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900';
