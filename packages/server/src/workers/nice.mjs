// Lowers the scheduling priority of the calling worker thread (Linux: a thread is a task with its own nice value), so
// heavy work yields the CPU to the HTTP loop when cores are short (issue 23). Elsewhere, or when not permitted: no-op.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

export function lowerThreadPriority(nice) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}
