import type { FastifyInstance } from 'fastify';

/**
 * Readiness (GET /api/health/ready, docs/operations.md "Monitoring"): each part the server needs adds a check; the
 * health module runs them all. A check answers null when its part works, else what is wrong.
 */
export type ReadinessCheck = () => Promise<string | null> | string | null;

/** Longest a check may take before it counts as failed (a hung database or SMTP server). */
export const CHECK_TIMEOUT_MS = 3000;

const checks = new WeakMap<object, Map<string, ReadinessCheck>>();

/** Adds (or replaces) the app's check of this name. */
export function addReadinessCheck(app: FastifyInstance, name: string, check: ReadinessCheck): void {
  let m = checks.get(app.deps);
  if (!m) {
    m = new Map();
    checks.set(app.deps, m);
  }
  m.set(name, check);
}

/** Runs one check within CHECK_TIMEOUT_MS: null = works, else why not. */
export async function runCheck(check: ReadinessCheck): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), timeout]);
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    clearTimeout(timer);
  }
}

/** The app's added checks by name. */
export const readinessChecks = (app: FastifyInstance): ReadonlyMap<string, ReadinessCheck> =>
  checks.get(app.deps) ?? new Map();
