import type { SandboxClockState } from '../../domain/api/admin/sandbox-clock';
import { DAY_MS, offsetDaysOf } from '../../domain/sandbox-clock';
import { type AuditEntry, recordAudit } from '../audit/audit';
import type { DatabaseHandle } from '../db/client';
import type { SandboxClock } from './business-clock';
import { withClockLock } from './lock';
import { addToOffset } from './offset';

/** The step of an advance: the finest rule a sweep keeps is a day (expiry, reminders, renewals). */
export const STEP_MS = DAY_MS;

export interface ClockAdvanceDeps {
  database: DatabaseHandle;
  clock: SandboxClock;
  /** The sweeps time drives, in the order a step runs them (time-driven.ts). */
  sweeps: readonly { run(): Promise<unknown> }[];
  /** Wakes the deliveries (mail, webhooks) after each step; they need no step of their own. */
  afterStep?: () => void;
  /** True once the app is closing: the advance ends after the step in hand, not 400 days later. */
  stopping?: () => boolean;
}

/** Who moved the clock, for the audit entry. */
export type ClockActor = Pick<AuditEntry, 'actorId' | 'actorEmail' | 'ip'>;

/** The sandbox clock of an app on the sandbox: its time, and the one way to move it. */
export interface SandboxClockControl {
  clock: SandboxClock;
  advance(input: { days: number; actor: ClockActor }): Promise<SandboxClockState>;
  /** Ends any advance under way after its current step (shutdown). */
  stopAdvancing(): void;
}

export function clockState(clock: SandboxClock): SandboxClockState {
  const offsetMs = clock.offsetMs();
  return {
    offsetDays: offsetDaysOf(offsetMs),
    offsetMs,
    now: clock.now().toISOString(),
    realNow: clock.realNow().toISOString(),
  };
}

/**
 * Moves the business time forward `days`, one step at a time, and runs every time-driven sweep
 * once at each step, so whatever fell due in the skipped time happens at its own day, in order,
 * as it would have (a renewal's e-mail per month, a reminder before the cancellation). Time
 * only moves forward: each step is committed before its sweeps run, and a sweep that fails
 * stops the advance where it is. Two advances at once run one after the other. One audit entry
 * says who moved it and by how many days.
 */
export async function advanceClock(
  deps: ClockAdvanceDeps,
  input: { days: number; actor: ClockActor },
): Promise<SandboxClockState> {
  const { database, clock } = deps;
  return withClockLock(database, async () => {
    const from = await clock.refresh();
    let moved = 0;
    try {
      while (moved < input.days && !deps.stopping?.()) {
        clock.moveTo(await addToOffset(database.db, STEP_MS));
        moved++;
        for (const sweep of deps.sweeps) await sweep.run();
        deps.afterStep?.();
      }
    } finally {
      if (moved > 0) {
        await recordAudit(database.db, {
          ...input.actor,
          action: 'sandbox_clock.advanced',
          targetType: 'sandbox_clock',
          details: {
            days: moved,
            ...(moved < input.days ? { requestedDays: input.days } : {}),
            fromOffsetDays: offsetDaysOf(from),
            offsetDays: offsetDaysOf(clock.offsetMs()),
            businessTime: clock.now().toISOString(),
          },
        });
      }
    }
    return clockState(clock);
  });
}
