import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect.ts';
import { sampleGpx, sampleTcx, utf8 } from './test-support/samples.ts';

const fitHeader = new Uint8Array([14, 0x20, 0x08, 0x08, 0, 0, 0, 0, 0x2e, 0x46, 0x49, 0x54, 0, 0]);

describe('detectFormat', () => {
  it('recognises FIT by the .FIT signature of its header', () => {
    expect(detectFormat(fitHeader)).toBe('fit');
  });

  it('recognises gzip and zip by their magic bytes', () => {
    expect(detectFormat(gzipSync(utf8('x')))).toBe('gzip');
    expect(detectFormat(zipSync({ 'a.gpx': utf8('x') }))).toBe('zip');
    expect(detectFormat(zipSync({}))).toBe('zip');
  });

  it('tells TCX from GPX by the root element, after a BOM and whitespace', () => {
    expect(detectFormat(utf8(sampleTcx(2)))).toBe('tcx');
    expect(detectFormat(utf8(`\uFEFF\n  ${sampleGpx(2)}`))).toBe('gpx');
    expect(detectFormat(utf8('<?xml version="1.0"?><kml></kml>'))).toBe('xml');
  });

  it('calls anything else unknown, whatever the file is named', () => {
    expect(detectFormat(utf8('date,power\n2024-01-01,200'))).toBe('unknown');
    expect(detectFormat(new Uint8Array())).toBe('unknown');
  });
});
