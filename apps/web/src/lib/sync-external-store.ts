// What wouter imports as 'use-sync-external-store/shim/index.js' (vite.config.ts aliases it here): React's own hook.
export { useSyncExternalStore } from 'react';
