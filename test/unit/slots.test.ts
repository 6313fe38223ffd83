// The one limiter of things at once (src/call/slots.ts, on async-mutex's Semaphore): priorities, weights,
// and waits given up on a timeout or a signal, whose late grant is freed at once.
import { describe, expect, test } from 'vitest';
import { Slots, type Release } from '../../src/call/slots.js';

/** Lets the promise callbacks queued so far run (grants reach their holders in microtasks). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('slots', () => {
  test('a higher priority is served first; equal ones in the order they came', async () => {
    const slots = new Slots(1);
    const held = await slots.take();
    const order: string[] = [];
    // Each frees its slot as soon as it has it, for the next.
    const served = (name: string) => (release: Release | undefined) => (order.push(name), release!());
    const waits = [
      slots.take().then(served('first low')),
      slots.take({ priority: 1 }).then(served('high')),
      slots.take().then(served('second low')),
    ];
    expect(slots.waiting).toBe(3);
    held!();
    await Promise.all(waits);
    expect(order).toEqual(['high', 'first low', 'second low']);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  test('a wait given up after its time answers undefined; its late grant is freed at once for the next', async () => {
    const slots = new Slots(1);
    const held = await slots.take();
    const late = slots.take({ waitMs: 5 });
    expect(slots.waiting).toBe(1);
    expect(await late).toBeUndefined();
    expect(slots.waiting).toBe(0);
    const next = slots.take();
    held!();
    // The semaphore hands the slot to the one that gave up (still in its queue), which frees it for `next`.
    const got = await next;
    expect(got).toBeTypeOf('function');
    expect(slots.running).toBe(1);
    got!();
    expect(slots.running).toBe(0);
  });

  test('a wait given up on its signal answers undefined holding nothing; one already aborted takes nothing, even free', async () => {
    const slots = new Slots(2);
    const aborted = new AbortController();
    aborted.abort();
    expect(await slots.take({ signal: aborted.signal })).toBeUndefined();
    const a = await slots.take();
    const b = await slots.take();
    const leaving = new AbortController();
    const cancelled = slots.take({ signal: leaving.signal });
    const third = slots.take();
    leaving.abort();
    expect(await cancelled).toBeUndefined();
    a!();
    const got = await third;
    expect(got).toBeTypeOf('function');
    // A release called twice frees once.
    b!();
    b!();
    got!();
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
    expect(await Promise.all([slots.take(), slots.take()])).toEqual([expect.any(Function), expect.any(Function)]);
  });

  test('one granted a slot and cancelled before the grant reached it passes the slot on', async () => {
    const slots = new Slots(1);
    const held = await slots.take();
    const leaving = new AbortController();
    const first = slots.take({ signal: leaving.signal });
    const second = slots.take();
    // The semaphore grants `first` synchronously here; the grant reaches it only in a later microtask.
    held!();
    leaving.abort();
    expect(await first).toBeUndefined();
    expect(await second).toBeTypeOf('function');
    expect(slots.running).toBe(1);
  });

  test('weights: light ones fit beside a heavy one; one that does not fit waits at the head and those behind it wait for it', async () => {
    const slots = new Slots(10);
    const heavy = await slots.take({ weight: 6 });
    const light = await slots.take({ weight: 3 });
    let second: Release | undefined;
    let small: Release | undefined;
    const heavyWaits = slots.take({ weight: 6 }).then((r) => (second = r));
    // One slot is free, but the heavy one waiting is first: the small one is not let past it (no starvation).
    const smallWaits = slots.take({ weight: 1 }).then((r) => (small = r));
    await settle();
    expect([second, small]).toEqual([undefined, undefined]);
    light!();
    await settle();
    expect(second).toBeUndefined();
    heavy!();
    await Promise.all([heavyWaits, smallWaits]);
    expect(slots.running).toBe(2);
  });

  test('one heavier than all the slots runs alone, once all are free', async () => {
    const slots = new Slots(10);
    const one = await slots.take({ weight: 4 });
    let whale: Release | undefined;
    const whaleWaits = slots.take({ weight: 50 }).then((r) => (whale = r));
    await settle();
    expect(whale).toBeUndefined();
    one!();
    await whaleWaits;
    let after: Release | undefined;
    void slots.take({ weight: 1 }).then((r) => (after = r));
    await settle();
    expect([slots.running, after]).toEqual([1, undefined]);
    whale!();
    await settle();
    expect(after).toBeTypeOf('function');
  });
});
