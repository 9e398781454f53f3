/** Writes dist/server.mjs and dist/worker.mjs from src/ (scripts/build.mjs, decision 080). */
export declare function buildServer(): Promise<void>;
