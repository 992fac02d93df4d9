import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { dumpPgliteTemplate, prepareTemplate } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    /** On PostgreSQL: the migrated database each test file's database is copied from. */
    postgresTemplateName: string;
  }
}

/**
 * PGlite takes 6–10 s to initialise a fresh database on this hardware. Build one migrated
 * database once, dump it, and let each test file start from the dump (about 1 s). Against
 * PostgreSQL (DATABASE_URL set) each test file copies a migrated template database
 * (CREATE DATABASE … TEMPLATE, test-database.ts) instead of migrating its own: 35 migrations and
 * pg-boss's schema were ~0.6 CPU-s of DDL for each of the stage's 121 files (issue 27).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'vatio-pglite-template-'));
  const path = join(dir, 'template.tar');
  const adminUrl = process.env.DATABASE_URL;
  let dropTemplate = async () => {};
  if (!adminUrl) {
    const dump = await dumpPgliteTemplate();
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  } else {
    const name = `vatio_template_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await prepareTemplate(handle);
    } finally {
      await handle.close();
    }
    // A template copies only while nobody is connected to it: the pool above has ended.
    project.provide('postgresTemplateName', name);
    dropTemplate = () => admin(`drop database if exists ${name} with (force)`);
  }
  project.provide('pgliteTemplatePath', path);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate();
  };
}
