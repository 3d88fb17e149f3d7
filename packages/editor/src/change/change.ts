/**
 * Edits as data (DESIGN.md §6a, CONVENTIONS.md "edits as data"). A change is a list of operations on a JSON value
 * addressed by paths; applying it returns the new value and the change that undoes it. Undo, redo, the persisted
 * history and tests all use this one format, and a change survives `JSON.stringify` unchanged.
 */

/** One step of a path into a JSON value: an object key or an array index. */
export type PathKey = string | number;

/**
 * `set` replaces the value at `path` (an absent `value` removes the key); `splice` edits the array at `path` like
 * `Array.prototype.splice`.
 */
export type ChangeOperation =
  | { op: "set"; path: PathKey[]; value?: unknown }
  | { op: "splice"; path: PathKey[]; index: number; remove: number; insert: unknown[] };

export interface Change {
  ops: ChangeOperation[];
}

export const EMPTY_CHANGE: Change = { ops: [] };

/** A change that names a place the value does not have; applying it changed nothing. */
export class ChangeError extends Error {
  readonly code = "EDITOR_CHANGE_INVALID";
}

type Container = Record<PathKey, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === "object" && value !== null;

/**
 * Applies `change` to `value` without mutating it: containers along each path are copied once (values not on a
 * path are shared), so the result is cheap and the input stays valid for undo. Returns the result and the inverse
 * change, which applied to the result gives back a value equal to the input.
 */
export function applyChange<T>(value: T, change: Change): { value: T; inverse: Change } {
  const copies = new Set<unknown>();
  const copy = (container: Container): Container => {
    if (copies.has(container)) return container;
    const copied = Array.isArray(container) ? container.slice() : { ...container };
    copies.add(copied);
    return copied;
  };
  if (!isContainer(value)) throw new ChangeError("a change applies to an object or an array");
  let root = copy(value);
  const inverse: ChangeOperation[] = [];

  for (const operation of change.ops) {
    const steps = operation.op === "set" ? operation.path.slice(0, -1) : operation.path;
    if (operation.op === "set" && operation.path.length === 0) throw new ChangeError("set needs a key");
    root = copy(root);
    let parent = root;
    for (const key of steps) {
      const child = (parent as Record<PathKey, unknown>)[key];
      if (!isContainer(child)) throw new ChangeError(`no container at ${JSON.stringify(operation.path)}`);
      const copied = copy(child);
      (parent as Record<PathKey, unknown>)[key] = copied;
      parent = copied;
    }
    if (operation.op === "set") {
      const key = operation.path.at(-1)!;
      const target = parent as Record<PathKey, unknown>;
      if (Array.isArray(parent) && (typeof key !== "number" || key < 0 || key >= parent.length)) {
        throw new ChangeError(`index ${String(key)} outside the array at ${JSON.stringify(steps)}`);
      }
      const had = Object.hasOwn(target, key);
      inverse.push(had ? { op: "set", path: operation.path, value: target[key] } : { op: "set", path: operation.path });
      if (operation.value === undefined && !Array.isArray(parent)) delete target[key];
      else target[key] = operation.value;
    } else {
      if (!Array.isArray(parent)) throw new ChangeError(`no array at ${JSON.stringify(operation.path)}`);
      const { index, remove, insert } = operation;
      if (index < 0 || index > parent.length || remove < 0 || index + remove > parent.length) {
        throw new ChangeError(`splice ${index}+${remove} outside the array at ${JSON.stringify(operation.path)}`);
      }
      const removed = parent.splice(index, remove, ...insert);
      inverse.push({ op: "splice", path: operation.path, index, remove: insert.length, insert: removed });
    }
  }
  return { value: root as T, inverse: { ops: inverse.reverse() } };
}

/** One change that does `first` and then `second`. */
export function concatChanges(first: Change, second: Change): Change {
  return { ops: [...first.ops, ...second.ops] };
}

export const isEmptyChange = (change: Change): boolean => change.ops.length === 0;
