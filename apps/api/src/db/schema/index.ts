// The database schema (drizzle), one file per capability. Column names are snake_case in SQL (drizzle `casing:
// 'snake_case'`). Constraints drizzle's DSL cannot express (btree_gist EXCLUDE) live in a custom migration:
// drizzle/0001_*.sql. drizzle-kit reads this file (drizzle.config.ts); the app imports tables from here.
export * from './accounts';
export * from './core';
export * from './notifications';
export * from './leads';
export * from './files';
export * from './calendar';
export * from './crm';
export * from './assistant';
export * from './routes';
export * from './billing';
export * from './server-settings';
export * from './listing';
export * from './access';
export * from './network';
export * from './threads';
export * from './documents';
export * from './audit';
export * from './privacy';
export * from './push';
