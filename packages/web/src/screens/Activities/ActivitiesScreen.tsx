import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Search, Upload, UploadCloud } from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { listActivities, searchActivities, UPLOAD_ACCEPT } from '../../api/activities';
import { ACTIVITY_TYPES, type Activity } from '../../api/activity-types';
import { useAuth } from '../../auth/AuthProvider';
import { Loadable } from '../../components/Loadable';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Input';
import { ActivityCard } from './ActivityCard';
import { ActivityDetailsDialog } from './ActivityDetailsDialog';
import { ImportProgressPanel } from './ImportProgressPanel';
import { StorageUsage } from '../../components/imports/StorageUsage';
import { type ListState, listStateParams, readListState, SORT_KEYS, type SortKey } from './listState';
import { useImportUpload } from '../../hooks/useImportUpload';
import { queryKeys } from '../../api/query-keys';

const PAGE_SIZE = 24;
const SEARCH_LIMIT = 50;
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * /activities (spec 001 §2.7, made real): the rider's rides, newest first, with search, a type filter,
 * a sort (on the server) and pages, all kept in the URL so Back restores them; upload by button or by
 * dropping files anywhere on the page, with live progress per file.
 */
export function ActivitiesScreen() {
  const { t } = useTranslation(['activities', 'common']);
  const { user } = useAuth();
  const tracker = useImportUpload();
  const inputRef = useRef<HTMLInputElement>(null);
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const { type, page, sort, order } = state;
  const update = (change: Partial<ListState>) =>
    setParams(listStateParams({ ...readListState(params), ...change }), { replace: true });
  const setPage = (next: number) => setParams(listStateParams({ ...state, page: next }));
  const [search, setSearch] = useState(state.q);
  const [selected, setSelected] = useState<Activity | null>(null);
  const [dragDepth, setDragDepth] = useState(0);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const searching = q.length > 0;

  // The typed search reaches the URL once it settles (replacing the entry, not one per key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text writes the URL
  useEffect(() => {
    if (q !== state.q) update({ q, page: 0 });
  }, [q]);
  // Back or Forward to another search: the box shows it.
  useEffect(() => {
    setSearch((current) => (current.trim() === state.q ? current : state.q));
  }, [state.q]);

  const list = useQuery({
    queryKey: queryKeys.activities.list(user?.id, { type, page, sort, order }),
    queryFn: () =>
      listActivities({
        limit: PAGE_SIZE,
        offset: page * PAGE_SIZE,
        activity_type: type || undefined,
        sort,
        order,
      }),
    enabled: !searching,
    placeholderData: keepPreviousData,
  });
  const found = useQuery({
    queryKey: queryKeys.activities.search(user?.id, q),
    queryFn: () => searchActivities(q, SEARCH_LIMIT),
    enabled: searching,
    placeholderData: keepPreviousData,
  });

  const active = searching ? found : list;
  const activities: Activity[] = searching
    ? (found.data?.activities ?? []).filter((a) => !type || a.type.toLowerCase() === type.toLowerCase())
    : (list.data?.activities ?? []);
  const total = searching ? activities.length : (list.data?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = searching || type !== '';

  // The dialog shows the freshest copy of the ride after an edit.
  const selectedFresh = selected ? (activities.find((a) => a.id === selected.id) ?? selected) : null;

  const pick = (files: FileList | null) => {
    if (files && files.length > 0) tracker.upload(Array.from(files));
  };

  const dragging = dragDepth > 0;
  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragDepth((depth) => depth + 1);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      setDragDepth((depth) => Math.max(0, depth - 1));
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragDepth(0);
      pick(event.dataTransfer.files);
    },
  };

  const uploadButton = (
    <Button data-testid="upload-button" onClick={() => inputRef.current?.click()} loading={tracker.uploading}>
      <Upload className="h-4 w-4" aria-hidden />
      {t('upload.button')}
    </Button>
  );

  return (
    <div className="relative space-y-6" data-testid="activities-screen" {...dropHandlers}>
      <input
        ref={inputRef}
        data-testid="upload-input"
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('upload.button')}
        onChange={(event) => {
          pick(event.target.files);
          event.target.value = '';
        }}
      />

      {dragging && (
        <div className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-brand-600/10 p-8 backdrop-blur-[1px]">
          <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-brand-600 bg-white px-10 py-8 text-center shadow-xl dark:bg-slate-800">
            <UploadCloud className="h-10 w-10 text-brand-600" aria-hidden />
            <p className="text-lg font-semibold">{t('upload.dropHere')}</p>
            <p className="text-sm text-slate-500">{t('upload.formats')}</p>
          </div>
        </div>
      )}

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/sync"
            className="inline-flex min-h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
          >
            {t('syncStatus')}
          </Link>
          {uploadButton}
        </div>
      </div>

      <p className="hidden text-sm text-slate-500 sm:block dark:text-slate-400">{t('upload.hint')}</p>
      <StorageUsage />

      <ImportProgressPanel tracker={tracker} />

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            data-testid="activity-search"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Select
          aria-label={t('filter.label')}
          data-testid="activity-type-filter"
          value={type}
          onChange={(event) => update({ type: event.target.value, page: 0 })}
          className="sm:w-56"
        >
          <option value="">{t('filter.all')}</option>
          {ACTIVITY_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`types.${value}`)}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t('sort.label')}
          data-testid="activity-sort"
          value={`${sort}:${order}`}
          disabled={searching}
          onChange={(event) => {
            const [by, direction] = event.target.value.split(':') as [SortKey, 'asc' | 'desc'];
            update({ sort: by, order: direction, page: 0 });
          }}
          className="sm:w-64"
        >
          {SORT_KEYS.flatMap((key) =>
            (['desc', 'asc'] as const).map((direction) => (
              <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                {t(`sort.${key}.${direction}`)}
              </option>
            )),
          )}
        </Select>
      </div>

      <Loadable
        query={active}
        loading={
          <p role="status" className="py-12 text-center text-slate-500">
            {t('loading')}
          </p>
        }
        error={{ message: t('loadFailed'), retryLabel: t('retry'), look: 'box' }}
        // A new page or filter keeps the previous list on screen while it loads (keepPreviousData).
        keepDataOnError
        isEmpty={() => activities.length === 0}
        empty={
          filtered ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-500 dark:border-slate-600">
              {t('empty.filtered')}
            </p>
          ) : (
            <div
              data-testid="activities-empty"
              className="flex flex-col items-center gap-4 rounded-xl border-2 border-dashed border-slate-300 bg-white p-10 text-center dark:border-slate-600 dark:bg-slate-800"
            >
              <UploadCloud className="h-12 w-12 text-brand-600" aria-hidden />
              <div>
                <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('empty.title')}</h2>
                <p className="mt-1 max-w-md text-slate-600 dark:text-slate-300">{t('empty.text')}</p>
                <p className="mt-1 text-sm text-slate-500">{t('upload.formats')}</p>
              </div>
              {uploadButton}
            </div>
          )
        }
      >
        {() => (
          <>
            <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
              {searching
                ? t('search.results', { count: activities.length })
                : t('pagination.showing', {
                    from: page * PAGE_SIZE + 1,
                    to: page * PAGE_SIZE + activities.length,
                    total,
                  })}
            </p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {activities.map((activity) => (
                <ActivityCard key={activity.id} activity={activity} onDetails={() => setSelected(activity)} />
              ))}
            </div>
            {!searching && pages > 1 && (
              <nav aria-label={t('pagination.label')} className="flex items-center justify-center gap-3">
                <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  <ChevronLeft className="h-4 w-4" aria-hidden />
                  {t('pagination.previous')}
                </Button>
                <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
                  {t('pagination.page', { page: page + 1, pages })}
                </span>
                <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                  {t('pagination.next')}
                  <ChevronRight className="h-4 w-4" aria-hidden />
                </Button>
              </nav>
            )}
          </>
        )}
      </Loadable>

      <ActivityDetailsDialog activity={selectedFresh} onClose={() => setSelected(null)} />
    </div>
  );
}
