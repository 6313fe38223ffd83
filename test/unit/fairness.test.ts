// One caller cannot crowd out another: the gate of credential checks and introspections, the memory of
// refusals, and the bound on one caller's requests in flight.
import { describe, expect, test } from 'vitest';
import { CheckGate, Recent } from '../../src/call/check-gate.js';
import { CallersInFlight } from '../../src/transports/http/callers-in-flight.js';
import { HttpError } from '../../src/transports/http/errors.js';

describe('check gate', () => {
  test('new credentials never take the slots kept for known ones; a known one is served first', async () => {
    const gate = new CheckGate({ slots: 3, reserved: 1, waitMs: 10_000, maxWaiting: 10 });
    const a = await gate.acquire(false);
    const b = await gate.acquire(false);
    expect(a && b).toBeTruthy();
    let newcomer: (() => void) | undefined;
    const waiting = gate.acquire(false).then((r) => (newcomer = r));
    await Promise.resolve();
    expect(gate.load).toEqual({ busy: 2, waiting: 1 });
    const known = await gate.acquire(true);
    expect(known).toBeTypeOf('function');
    expect(gate.load).toEqual({ busy: 3, waiting: 1 });
    // A known one that must wait goes before the new one waiting.
    const order: string[] = [];
    const knownLater = gate.acquire(true).then((r) => (order.push('known'), r));
    void waiting.then(() => order.push('new'));
    known!();
    const second = await knownLater;
    expect(gate.load).toEqual({ busy: 3, waiting: 1 });
    second!();
    // Two slots held (a and b): the new one still waits, the kept slot not being its to take.
    expect(gate.load).toEqual({ busy: 2, waiting: 1 });
    a!();
    await waiting;
    expect(order).toEqual(['known', 'new']);
    expect(newcomer).toBeTypeOf('function');
  });

  test('a full queue answers busy at once; a wait that lasts too long answers busy; a slot freed twice counts once', async () => {
    const gate = new CheckGate({ slots: 1, reserved: 0, waitMs: 20, maxWaiting: 1 });
    const held = await gate.acquire(false);
    const late = gate.acquire(false);
    expect(await gate.acquire(false)).toBeUndefined();
    expect(await late).toBeUndefined();
    held!();
    held!();
    expect(gate.load).toEqual({ busy: 0, waiting: 0 });
    const again = await gate.acquire(false);
    expect(gate.load.busy).toBe(1);
    again!();
  });

  test('a flood of new credentials holds the unkept slots at most; one that gave up waiting for a slot frees its place', async () => {
    const gate = new CheckGate({ slots: 4, reserved: 2, waitMs: 20, maxWaiting: 100 });
    const flood = Array.from({ length: 10 }, () => gate.acquire(false));
    const known = await gate.acquire(true);
    const k2 = await gate.acquire(true);
    expect(gate.load.busy).toBe(4);
    const [a, b, ...rest] = await Promise.all(flood);
    expect([a, b]).toEqual([expect.any(Function), expect.any(Function)]);
    expect(rest.every((r) => r === undefined)).toBe(true);
    // A new one that got its place but no slot in time (all four taken) gives its place back.
    a!();
    const known3 = await gate.acquire(true);
    expect(await gate.acquire(false)).toBeUndefined();
    for (const release of [b, known, k2, known3]) release!();
    expect(gate.load).toEqual({ busy: 0, waiting: 0 });
    const fresh = await Promise.all([gate.acquire(false), gate.acquire(false)]);
    expect(fresh).toEqual([expect.any(Function), expect.any(Function)]);
  });
});

describe('recent keys', () => {
  test('bounded: the least lately seen goes first; a key seen again moves to the end', () => {
    const recent = new Recent<string>(2, 60_000);
    recent.add('a', 'refused a');
    recent.add('b', 'refused b');
    recent.add('a', 'refused a again');
    recent.add('c', 'refused c');
    expect([recent.get('a'), recent.has('b'), recent.get('c'), recent.size]).toEqual(['refused a again', false, 'refused c', 2]);
  });

  test('a key is forgotten once its time is over', async () => {
    const recent = new Recent(10, 1);
    recent.add('a');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(recent.has('a')).toBe(false);
    expect(recent.size).toBe(0);
  });
});

describe('requests in flight per caller', () => {
  test("a caller past its bound is refused (429) naming it; another caller is not; leaving frees the caller's place once", () => {
    const callers = new CallersInFlight(3);
    const leave = callers.enter('alice', 2);
    callers.enter('alice', 1);
    let refused: unknown;
    try {
      callers.enter('alice', 1);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect((refused as HttpError).message).toMatch(/at most 3/);
    expect(() => callers.enter('bob', 3)).not.toThrow();
    leave();
    leave();
    expect(callers.of('alice')).toBe(1);
    expect(() => callers.enter('alice', 2)).not.toThrow();
  });
});
