/** What a view knows of the call it shows, and how it calls the server back (read tools only). */
export interface ViewContext {
  /** The tool whose result this is, when the host says (its host context's toolInfo). */
  tool: string | undefined;
  /** The call's arguments, as the host passed them on. */
  args: Record<string, unknown>;
  /** Calls a read tool through the host; an isError result is thrown with its text. */
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Aborted when the view is drawn again (another result): what it still reads in the background stops. */
  signal: AbortSignal;
  /** The error state for a failed call back. */
  failure(err: unknown): HTMLElement;
  /** Shows another result of the same tool in place of this one (another month, a follow-up). */
  replace(data: Record<string, unknown>, args: Record<string, unknown>): void;
}

/** Draws a tool's structured result. */
export type View = (data: Record<string, unknown>, ctx: ViewContext) => Node;
