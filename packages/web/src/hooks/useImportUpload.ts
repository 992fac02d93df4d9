import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getImport, uploadActivities } from '../api/activities';
import type { ImportDetail, ImportFile } from '../api/activity-types';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';

const POLL_MS = 1000;
const STORAGE_KEY = 'vatio.lastImport';

function storedImportId(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

export interface ImportTracker {
  /** Files picked or dropped, then uploaded; polling follows the import until it is done. */
  upload: (files: File[]) => void;
  uploading: boolean;
  /** 0–1 of the bytes sent, while uploading. */
  uploadFraction: number;
  uploadError: unknown;
  /** Names of the files being sent (before the server answers). */
  sending: string[];
  importId: string | null;
  detail: ImportDetail | null;
  files: ImportFile[];
  done: boolean;
  dismiss: () => void;
}

/**
 * Upload with byte progress, then the live state of the import: `GET /api/imports/:id` every second
 * until no file is queued or processing. The activity list refreshes as rides land and at the end.
 * The import id survives a page change (session storage), so coming back shows the same progress.
 */
export function useImportUpload(): ImportTracker {
  const queryClient = useQueryClient();
  const [importId, setImportId] = useState<string | null>(storedImportId);
  const [initialFiles, setInitialFiles] = useState<ImportFile[]>([]);
  const [uploadFraction, setUploadFraction] = useState(0);
  const [sending, setSending] = useState<string[]>([]);

  const mutation = useMutation({
    mutationFn: (files: File[]) => uploadActivities(files, setUploadFraction),
    onMutate: (files) => {
      setUploadFraction(0);
      setSending(files.map((file) => file.name));
      setInitialFiles([]);
      setImportId(null);
    },
    onSuccess: (result) => {
      setInitialFiles(result.files);
      setImportId(result.import_id);
      try {
        sessionStorage.setItem(STORAGE_KEY, result.import_id);
      } catch {
        // Private mode: progress just won't survive a page change.
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.imports.all });
    },
    onSettled: () => setSending([]),
  });

  const progress = useQuery({
    queryKey: queryKeys.import(importId),
    queryFn: () => getImport(importId!),
    enabled: importId !== null,
    staleTime: 0,
    // A network hiccup does not stop the polling; an import the server does not know (404) does.
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || isGone(query.state.error) ? false : POLL_MS,
  });

  const detail = progress.data ?? null;
  const finished = detail?.status === 'done';

  // Rides appear in the list as they are stored, and once more when the import is over.
  const stored = detail ? detail.counts.done : 0;
  const lastStored = useRef(0);
  useEffect(() => {
    if (stored !== lastStored.current || finished) {
      lastStored.current = stored;
      void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
      // A stored ride is a plan day's ridden TSS and compliance (e.g. a workout just ridden live).
      void queryClient.invalidateQueries({ queryKey: queryKeys.plan.all });
    }
    if (finished) void queryClient.invalidateQueries({ queryKey: queryKeys.imports.all });
  }, [stored, finished, queryClient]);

  // A stored id the server no longer knows (another rider, data reset) is forgotten.
  const gone = isGone(progress.error);
  useEffect(() => {
    if (gone) {
      setImportId(null);
      try {
        sessionStorage.removeItem(STORAGE_KEY);
      } catch {
        // ignore
      }
    }
  }, [gone]);

  return {
    upload: (files) => {
      if (files.length > 0 && !mutation.isPending) mutation.mutate(files);
    },
    uploading: mutation.isPending,
    uploadFraction,
    uploadError: mutation.error,
    sending,
    importId,
    detail,
    files: detail?.files ?? initialFiles,
    done: finished,
    dismiss: () => {
      setImportId(null);
      setInitialFiles([]);
      mutation.reset();
      try {
        sessionStorage.removeItem(STORAGE_KEY);
      } catch {
        // ignore
      }
    },
  };
}
