import { expect, type Page } from '@playwright/test';
import { accessToken } from './session.ts';

export interface Predictive {
  weeks: number;
  needs: string[];
  predicted_ftp: { value: number } | null;
  confidence: 'high' | 'medium' | 'low' | null;
  confidence_basis: { fit_points: number; capped_by: 'few_points' | 'weak_fit' | null } | null;
  days_to_test: { days: number } | null;
  form: { state: 'excellent' | 'good' | 'neutral' | 'tired' | 'overreached'; tsb: number } | null;
  events: { key: string }[];
  summary: unknown[];
}

/** The rider's predictive answer, read with their own token (to compare with the screen). */
export async function predictiveJson(page: Page, weeks: number): Promise<Predictive> {
  const access_token = await accessToken(page);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const response = await page.request.get(`/api/analytics/predictive?weeks=${weeks}&tz=${timeZone}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Predictive;
}

export interface PanelMetric {
  key: string;
  value: number | null;
  needs: string | null;
}
export interface Performance {
  weeks: number;
  tabs: Record<'power' | 'climbing' | 'endurance' | 'efficiency' | 'load', PanelMetric[]>;
}

/** The rider's performance panel, read with their own token (to compare with the screen). */
export async function performanceJson(page: Page, weeks: number): Promise<Performance> {
  const access_token = await accessToken(page);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const response = await page.request.get(`/api/analytics/performance?weeks=${weeks}&tz=${timeZone}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Performance;
}

/** Any of the rider's JSON answers, read with their own token (to compare with the screen). */
export async function riderJson<T>(page: Page, path: string): Promise<T> {
  const access_token = await accessToken(page);
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${access_token}` } });
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}
