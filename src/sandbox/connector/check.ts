// Validation of a command's body, with per-field messages the way the document describes `error.errors`.

export class CommandError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly resolution: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export type Body = Record<string, unknown>;

/** Collects per-field messages the way the document describes `error.errors`. */
export class Check {
  readonly errors: Record<string, string[]> = {};
  constructor(private readonly body: Body) {}
  private add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  str(field: string, required: boolean): string | undefined {
    const v = this.body[field];
    if (v === undefined) {
      if (required) this.add(field, 'is required');
      return undefined;
    }
    if (typeof v !== 'string' || v.length === 0) {
      this.add(field, 'must be a non-empty string');
      return undefined;
    }
    return v;
  }
  oneOf<T extends string>(field: string, values: readonly T[], required: boolean): T | undefined {
    const v = this.body[field];
    if (v === undefined) {
      if (required) this.add(field, 'is required');
      return undefined;
    }
    if (!values.includes(v as T)) {
      this.add(field, `must be one of ${values.join(', ')}`);
      return undefined;
    }
    return v as T;
  }
  bool(field: string, required: boolean): boolean | undefined {
    const v = this.body[field];
    if (v === undefined) {
      if (required) this.add(field, 'is required');
      return undefined;
    }
    if (typeof v !== 'boolean') this.add(field, 'must be a boolean');
    return v as boolean;
  }
  limit(): number | undefined {
    const v = this.body['limit'];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) {
      this.add('limit', 'must be an integer greater than 0');
      return undefined;
    }
    return v;
  }
  strings(field: string, required: boolean, max?: number): string[] | undefined {
    const v = this.body[field];
    if (v === undefined) {
      if (required) this.add(field, 'is required');
      return undefined;
    }
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      this.add(field, 'must be an array of strings');
      return undefined;
    }
    if (max !== undefined && v.length > max) this.add(field, `must have at most ${max} items`);
    return v as string[];
  }
  fail(field: string, message: string) {
    this.add(field, message);
  }
  done() {
    if (Object.keys(this.errors).length > 0) {
      throw new CommandError(
        422,
        'VALIDATION_ERROR',
        'The request body is invalid.',
        'Correct the fields listed in errors and send the command again.',
        this.errors,
      );
    }
  }
}
