import { describe, expect, it } from 'vitest';
import { confidenceLabel, improvementLabel, plateauRiskLabel, predictFtp } from './ftp-prediction.ts';

const hardRide = (date: string, estimatedFtpW: number) => ({
  date,
  durationS: 3600,
  npW: 260,
  estimatedFtpW,
});

describe('predictFtp', () => {
  it('falls back to the current FTP with confidence 0.3 when there are fewer than 5 activities', () => {
    const prediction = predictFtp({
      activities: [hardRide('2026-01-01', 280)],
      currentFtpW: 280,
      asOfDate: '2026-01-10',
    });
    expect(prediction).toMatchObject({ predictedFtpW: 280, confidence: 0.3, basis: 'too-few-activities' });
    expect(prediction.recommendedTestDate).toBe('2026-02-07');
  });

  it('falls back with confidence 0.4 when fewer than 3 hard efforts qualify', () => {
    const easy = (date: string) => ({ date, durationS: 3600, npW: 180, estimatedFtpW: 250 });
    const prediction = predictFtp({
      activities: ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'].map(easy),
      currentFtpW: 280,
      asOfDate: '2026-01-10',
    });
    expect(prediction).toMatchObject({ predictedFtpW: 280, confidence: 0.4, basis: 'too-few-hard-efforts' });
    expect(prediction.recommendedTestDate).toBe('2026-01-31');
  });

  it('projects a rising trend four activities ahead', () => {
    const activities = [0, 1, 2, 3, 4, 5].map((k) =>
      hardRide(`2026-01-${String(1 + 2 * k).padStart(2, '0')}`, 270 + 3 * k),
    );
    const prediction = predictFtp({ activities, currentFtpW: 280, asOfDate: '2026-01-12' });
    expect(prediction.basis).toBe('trend');
    expect(prediction.predictedFtpW).toBeCloseTo(270 + 3 * 9, 9);
    expect(prediction.confidence).toBe(0.95);
    expect(prediction.improvementRateWPerWeek).toBeCloseTo(10.5, 9);
    expect(prediction.plateauRisk).toBe(0.2);
    expect(prediction.predictionHorizonDays).toBe(8);
    expect(prediction.recommendedTestDate).toBe('2026-01-26');
  });

  it('never predicts below 95 % of the current FTP', () => {
    const activities = [0, 1, 2, 3, 4].map((k) => hardRide(`2026-01-0${1 + k}`, 300 - 10 * k));
    expect(predictFtp({ activities, currentFtpW: 300, asOfDate: '2026-01-06' }).predictedFtpW).toBe(285);
  });
});

describe('prediction labels', () => {
  it('uses the spec thresholds', () => {
    expect([0.3, 0.6, 0.61].map(plateauRiskLabel)).toEqual(['low', 'moderate', 'high']);
    expect([0.8, 0.6, 0.59].map(confidenceLabel)).toEqual(['high', 'moderate', 'low']);
    expect([2.1, 0.6, 0, -1].map(improvementLabel)).toEqual([
      'fast-progress',
      'stable',
      'maintenance',
      'decline',
    ]);
  });
});
